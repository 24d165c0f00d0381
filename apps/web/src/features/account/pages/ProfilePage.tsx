import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { needsCurrentPassword, profileFormSchema, profileSchema, type ProfileInput } from '@haat/shared/schemas/user';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass, TextField } from '@/components/FormField';
import { PasswordInput } from '@/components/PasswordInput';
import { errorMessage } from '@/lib/api';
import { formResolver, normalizeOnBlur } from '@/lib/forms';
import type { UserView } from '@haat/shared/schemas/user';
import { useUpdateUser } from '../api/updateUser';
import { AvatarDialog } from '../components/AvatarDialog';
import { MobileSection } from '../components/MobileSection';
import { UserAvatar } from '../components/UserAvatar';
import { useT } from '@/i18n';
import { ACCOUNT_NS } from '../locales';
import { translateMessage } from '@/i18n/messages';
import { normalizePhoneInput } from '@haat/shared/phone';

const valuesOf = (user: UserView): ProfileInput => ({ name: user.name, email: user.email, mobile: user.mobile ?? '', password: '', currentPassword: '' });

/** /dashboard/profile: avatar with Edit Profile, and the profile form (spec §2, §5). */
export function ProfilePage({ user }: { user: UserView }) {
  const t = useT(ACCOUNT_NS, 'profile');
  const [avatarOpen, setAvatarOpen] = useState(false);
  const update = useUpdateUser();
  // An account made by signing in with a mobile has no password yet: its first e-mail and password need none.
  const phoneOnly = Boolean(user.phone_only);
  const schema = useMemo(() => (phoneOnly ? profileSchema : profileFormSchema(user.email)), [user.email, phoneOnly]);
  const { register, handleSubmit, reset, resetField, control, formState: { errors } } = useForm<ProfileInput>({
    resolver: formResolver(schema),
    defaultValues: valuesOf(user),
  });
  // The user reloads after a save: show what the server now holds.
  useEffect(() => reset(valuesOf(user)), [user, reset]);
  // A new e-mail or password needs the current password; only then is it asked for.
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const askCurrent = !phoneOnly && needsCurrentPassword(user.email, { email, password });

  const onSubmit = async ({ currentPassword, ...values }: ProfileInput) => {
    try {
      const res = await update.mutateAsync(askCurrent ? { ...values, currentPassword } : values);
      // Passwords are never shown back; the reloaded user may equal the old one, so clear them here.
      resetField('password');
      resetField('currentPassword');
      toast.success(res.message ? translateMessage(res.message) : t('updated'));
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
          {t('editProfile')}
        </button>
      </div>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-6 grid gap-4">
        <TextField label={t('name')} id="name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label={t('mobile')}
          id="mobile"
          inputMode="tel"
          autoComplete="tel"
          error={errors.mobile?.message}
          {...normalizeOnBlur(register('mobile'), normalizePhoneInput)}
        />
        <TextField label={t('email')} id="email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <FormField label={t('changePassword')} htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="new-password" placeholder={t('keepBlank')} className={inputClass} {...register('password')} />
        </FormField>
        {askCurrent && (
          <FormField label={t('currentPassword')} htmlFor="currentPassword" error={errors.currentPassword?.message}>
            <PasswordInput id="currentPassword" autoComplete="current-password" placeholder={t('currentNeeded')} className={inputClass} {...register('currentPassword')} />
          </FormField>
        )}
        <SubmitButton loading={update.isPending}>
          {t('save')}
        </SubmitButton>
      </form>
      <MobileSection user={user} />
      <AvatarDialog open={avatarOpen} onClose={() => setAvatarOpen(false)} current={user.avatar} name={user.name} />
    </section>
  );
}
