import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { localDigits } from '@/i18n/format';
import toast from 'react-hot-toast';
import { STAFF_ROLES, type StaffRole } from '@haat/shared/permissions';
import { staffEmailSchema, staffInviteSchema, type StaffMember } from '@haat/shared/schemas/staff';
import { SubmitButton } from '@/components/Button';
import { inputClass } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { messagesReady, translateMessage } from '@/i18n/messages';
import { useCurrentUser } from '@/state/user';
import { useRefundLimit, useSaveRefundLimit } from '@/state/refundLimit';
import { refundLimitSchema } from '@haat/shared/schemas/order';
import { useAddStaffEmail, useInviteStaff, useStaff, useUpdateStaff } from '../api/staff';
import { STAFF_NS } from './staff.locales';
import { useRoleWords } from '@/i18n/roleWords';

/** /dashboard/staff: the Owner invites staff, changes a role, disables (issue 28), gives one invited by mobile an e-mail (issue 41). */
export function StaffPage() {
  const t = useT(STAFF_NS);
  const { data, isLoading } = useStaff();
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      <InviteForm />
      <RefundLimitForm />
      {isLoading || !data ? <Spinner className="h-8 w-8" label={t('loading')} /> : <StaffTable members={data} />}
    </section>
  );
}

/** The Orders role's refund limit (decision 0066): validated by the shared schema, saved with PUT /refund-limit. */
function RefundLimitForm() {
  const t = useT(STAFF_NS);
  const { data: current } = useRefundLimit();
  const save = useSaveRefundLimit();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState('');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = refundLimitSchema.safeParse({ limit: value ?? current });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError('');
    try {
      await save.mutateAsync(parsed.data.limit);
      toast.success(t('limitSaved'));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('refundLimit')} className="grid max-w-xl gap-2 rounded border border-slate-200 p-3">
      <label className="grid gap-1 text-sm">
        {t('refundLimit')}
        <input className={inputClass} type="number" inputMode="numeric" min={0} step={1} value={value ?? (current === undefined ? '' : String(current))} onChange={(e) => setValue(e.target.value)} />
      </label>
      <p className="text-xs text-slate-600">{t('refundLimitHint')}</p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <SubmitButton loading={save.isPending}>{t('saveLimit')}</SubmitButton>
    </form>
  );
}

function InviteForm() {
  const t = useT(STAFF_NS);
  const roleName = useRoleWords();
  const invite = useInviteStaff();
  const [name, setName] = useState('');
  const [by, setBy] = useState<'email' | 'mobile'>('email');
  const [contact, setContact] = useState('');
  const [role, setRole] = useState<StaffRole>('PACKER');
  const [error, setError] = useState('');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = staffInviteSchema.safeParse({ name, [by]: contact, role });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError('');
    try {
      const member = await invite.mutateAsync(parsed.data);
      toast.success(member.mobile ? t('invitedByMobile', { mobile: localDigits(member.mobile) }) : t('invited', { email: member.email }));
      setName('');
      setContact('');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('inviteTitle')} className="grid max-w-xl gap-2 rounded border border-slate-200 p-3">
      <h2 className="font-medium text-slate-800">{t('inviteTitle')}</h2>
      <label className="grid gap-1 text-sm">
        {t('name')}
        <input className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">{t('inviteBy')}</legend>
        {(['email', 'mobile'] as const).map((way) => (
          <label key={way} className="flex items-center gap-1">
            <input type="radio" name="invite-by" checked={by === way} onChange={() => setBy(way)} />
            {t(way === 'email' ? 'byEmail' : 'byMobile')}
          </label>
        ))}
      </fieldset>
      <label className="grid gap-1 text-sm">
        {t(by === 'email' ? 'email' : 'mobileNumber')}
        <input className={inputClass} type={by === 'email' ? 'email' : 'tel'} inputMode={by === 'email' ? 'email' : 'tel'} value={contact} onChange={(e) => setContact(e.target.value)} />
      </label>
      <label className="grid gap-1 text-sm">
        {t('role')}
        <select className={inputClass} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <SubmitButton loading={invite.isPending}>{t('invite')}</SubmitButton>
    </form>
  );
}

function StaffTable({ members }: { members: StaffMember[] }) {
  const t = useT(STAFF_NS);
  const roleName = useRoleWords();
  const { data: me } = useCurrentUser();
  const update = useUpdateStaff();
  const save = async (m: StaffMember, change: { role?: StaffRole; status?: 'Active' | 'Suspended' }) => {
    try {
      await update.mutateAsync({ id: m._id, ...change });
      toast.success(t('updated', { name: m.name }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    // Its own scroll on a phone: the role lists and the e-mail form keep their width.
    <div className="max-w-3xl overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead>
          <tr>
            <th>{t('name')}</th>
            <th>{t('contact')}</th>
            <th>{t('role')}</th>
            <th>{t('status')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {members.map((m) => {
            const self = m._id === me?._id;
            return (
              <tr key={m._id} className="border-t border-slate-200">
                <td>{m.name}</td>
                <td>{m.email || <MobileOnly member={m} />}</td>
                <td>
                  <select aria-label={t('roleOf', { name: m.name })} className={`${inputClass} min-w-[8rem]`} value={m.role} disabled={self || update.isPending} onChange={(e) => void save(m, { role: e.target.value as StaffRole })}>
                    {STAFF_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roleName(r)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{t(`statuses.${m.status}`)}</td>
                <td>
                  {!self && (
                    <button type="button" className="rounded px-2 py-1 text-brand-700 hover:bg-brand-50" disabled={update.isPending} onClick={() => void save(m, { status: m.status === 'Suspended' ? 'Active' : 'Suspended' })}>
                      {m.status === 'Suspended' ? t('enable') : t('disable')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A staff member invited by mobile signs in with SMS codes only: "Add e-mail" opens a field, and the
 * e-mail is sent a sign-in code (POST /staff/:id/email, decision 0096), a second way in. The server's
 * refusals (an e-mail already there, one of another account) are said in the form.
 */
function MobileOnly({ member: m }: { member: StaffMember }) {
  const t = useT(STAFF_NS);
  const add = useAddStaffEmail();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = staffEmailSchema.safeParse({ email });
    if (!parsed.success) {
      await messagesReady();
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError('');
    try {
      await add.mutateAsync({ id: m._id, ...parsed.data });
      toast.success(t('emailAdded', { email: parsed.data.email, name: m.name }));
      setOpen(false);
      setEmail('');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <div className="grid gap-1">
      <span>{localDigits(m.mobile ?? '')}</span>
      {open ? (
        <form onSubmit={onSubmit} noValidate aria-label={t('emailFor', { name: m.name })} className="grid max-w-xs gap-1 rounded border border-slate-200 p-2">
          <label className="grid gap-1 text-sm">
            {t('email')}
            <input className={inputClass} type="email" inputMode="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <p className="text-xs text-slate-600">{t('emailHint', { name: m.name })}</p>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <SubmitButton loading={add.isPending} className="px-3">
              {t('sendCode')}
            </SubmitButton>
            <button type="button" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100" onClick={() => {
                setOpen(false);
                setError('');
              }}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" aria-label={t('addEmailFor', { name: m.name })} className="justify-self-start rounded px-2 py-1 text-brand-700 hover:bg-brand-50" onClick={() => setOpen(true)}>
          {t('addEmail')}
        </button>
      )}
    </div>
  );
}
