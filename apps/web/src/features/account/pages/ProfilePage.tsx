import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { profileSchema, type ProfileInput } from '@haat/shared/schemas/user';
import { FormField, inputClass } from '../../../components/FormField';
import { PasswordInput } from '../../../components/PasswordInput';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import type { User } from '../../../lib/user';
import { useUpdateUser } from '../api/updateUser';
import { AvatarDialog } from '../components/AvatarDialog';
import { UserAvatar } from '../components/UserAvatar';

const valuesOf = (user: User): ProfileInput => ({ name: user.name, email: user.email, mobile: user.mobile ?? '', password: '' });

/** /dashboard/profile: avatar with Edit Profile, and the profile form (spec §2, §5). */
export function ProfilePage({ user }: { user: User }) {
  const [avatarOpen, setAvatarOpen] = useState(false);
  const update = useUpdateUser();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
  });
  // The user reloads after a save: show what the server now holds.
  useEffect(() => reset(valuesOf(user)), [user, reset]);

  const onSubmit = async (values: ProfileInput) => {
    try {
      const res = await update.mutateAsync(values);
      toast.success(res.message || 'Profile updated successfully');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <section className="max-w-lg p-4">
      <div className="flex flex-col items-start gap-2">
        <div className="h-20 w-20 overflow-hidden rounded-full bg-slate-100">
          <UserAvatar url={user.avatar} name={user.name} size={80} />
        </div>
        <button type="button" onClick={() => setAvatarOpen(true)} className="rounded-full border border-brand-600 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
          Edit Profile
        </button>
      </div>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-6 grid gap-4">
        <FormField label="Name" htmlFor="name" error={errors.name?.message}>
          <input id="name" autoComplete="name" className={inputClass} {...register('name')} />
        </FormField>
        <FormField label="Mobile" htmlFor="mobile" error={errors.mobile?.message}>
          <input id="mobile" inputMode="numeric" autoComplete="tel" className={inputClass} {...register('mobile')} />
        </FormField>
        <FormField label="Email" htmlFor="email" error={errors.email?.message}>
          <input id="email" type="email" autoComplete="email" className={inputClass} {...register('email')} />
        </FormField>
        <FormField label="Change Password" htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="new-password" placeholder="Leave blank to keep it" className={inputClass} {...register('password')} />
        </FormField>
        <button type="submit" disabled={update.isPending} className="flex items-center justify-center gap-2 rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {update.isPending && <Spinner />}
          Save Changes
        </button>
      </form>
      <AvatarDialog open={avatarOpen} onClose={() => setAvatarOpen(false)} current={user.avatar} name={user.name} />
    </section>
  );
}
