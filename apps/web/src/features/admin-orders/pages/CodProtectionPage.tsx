import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import toast from 'react-hot-toast';
import { toAsciiDigits } from '@haat/shared/phone';
import { COD_CONFIRM_MODES, COD_CONFIRM_RISKS, type CodPolicy } from '@haat/shared/schemas/cod';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { translateMessage } from '@/i18n/messages';
import { formatDate, localDigits } from '@/i18n/format';
import { errorMessage } from '@/lib/api';
import { useAdvanceRule, useCodBlockMutations, useCodBlocks, useCodSettings, useSaveAdvanceRule, useSaveCodSettings } from '../api/cod';
import { ADVANCE_KINDS, ADVANCE_WHO, type AdvanceRule } from '@haat/shared/advance';
import { ADMIN_ORDERS_NS } from '../locales';

const RISK_LABEL = { off: 'cod.riskOff', caution: 'cod.riskCaution', high: 'cod.riskHigh' } as const;

/**
 * /dashboard/cod-protection (issue 26, settings.manage): when a guest's COD
 * order needs its mobile confirmed by SMS code, and the mobiles blocked from
 * cash on delivery. The server checks every field (a 400 names it).
 */
export function CodProtectionPage() {
  const t = useT(ADMIN_ORDERS_NS);
  const settings = useCodSettings();
  const advance = useAdvanceRule();
  return (
    <section className="grid max-w-2xl gap-6 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('cod.title')}</h1>
      {settings.data ? <RuleForm current={settings.data} /> : <Spinner className="h-8 w-8" />}
      {advance.data ? <AdvanceForm current={advance.data} /> : <Spinner className="h-8 w-8" />}
      <Blocks />
    </section>
  );
}

function RuleForm({ current }: { current: CodPolicy }) {
  const t = useT(ADMIN_ORDERS_NS);
  const save = useSaveCodSettings();
  const [mode, setMode] = useState(current.mode);
  const [risk, setRisk] = useState(current.risk);
  const [above, setAbove] = useState(current.above === null ? '' : String(current.above));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ mode, risk, above: above.trim() === '' ? null : toAsciiDigits(above.trim()) }, { onSuccess: (res) => toast.success(translateMessage(res.message)), onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-slate-800">{t('cod.rule')}</legend>
        {COD_CONFIRM_MODES.map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input type="radio" name="cod-mode" value={m} checked={mode === m} onChange={() => setMode(m)} className="accent-brand-600" />
            {t(`cod.${m}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'rules' && (
        <div className="grid gap-3 border-l-2 border-brand-100 pl-3">
          <label className="grid gap-1 text-sm">
            <span className="font-medium text-slate-700">{t('cod.risk')}</span>
            <select value={risk} onChange={(e) => setRisk(e.target.value as CodPolicy['risk'])} className="rounded border border-slate-300 bg-slate-50 px-2 py-1.5">
              {COD_CONFIRM_RISKS.map((r) => (
                <option key={r} value={r}>
                  {t(RISK_LABEL[r])}
                </option>
              ))}
            </select>
          </label>
          <TextField label={t('cod.above')} id="cod-above" digits value={above} onChange={(e) => setAbove(e.target.value)} />
        </div>
      )}
      <SubmitButton loading={save.isPending}>{t('cod.save')}</SubmitButton>
    </form>
  );
}

/** The partial advance rule (issue 44, decision 0114): what a COD buyer pays by bKash before the order is confirmed, and of whom. */
function AdvanceForm({ current }: { current: AdvanceRule }) {
  const t = useT(ADMIN_ORDERS_NS);
  const save = useSaveAdvanceRule();
  const [kind, setKind] = useState(current.kind);
  const [value, setValue] = useState(current.value ? String(current.value) : '');
  const [who, setWho] = useState(current.who);
  const [above, setAbove] = useState(current.above === null ? '' : String(current.above));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rule = { kind, value: toAsciiDigits(value.trim()), who, above: above.trim() === '' ? null : toAsciiDigits(above.trim()) };
    save.mutate(rule, { onSuccess: (res) => toast.success(translateMessage(res.message)), onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="advance-title" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="advance-title" className="font-medium text-slate-800">{t('advance.title')}</h2>
      <p className="text-sm text-slate-600">{t('advance.intro')}</p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('advance.kind')}</legend>
        {ADVANCE_KINDS.map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" name="advance-kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="accent-brand-600" />
            {t(`advance.kinds.${k}`)}
          </label>
        ))}
      </fieldset>
      {(kind === 'percent' || kind === 'fixed') && <TextField label={t(kind === 'percent' ? 'advance.percent' : 'advance.fixed')} id="advance-value" digits value={value} onChange={(e) => setValue(e.target.value)} />}
      {kind !== 'none' && (
        <label className="grid gap-1 text-sm">
          <span className="font-medium text-slate-700">{t('advance.who')}</span>
          <select value={who} onChange={(e) => setWho(e.target.value as AdvanceRule['who'])} className="rounded border border-slate-300 bg-slate-50 px-2 py-1.5">
            {ADVANCE_WHO.map((w) => (
              <option key={w} value={w}>
                {t(`advance.whom.${w}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind !== 'none' && who === 'above' && <TextField label={t('advance.above')} id="advance-above" digits value={above} onChange={(e) => setAbove(e.target.value)} />}
      <SubmitButton loading={save.isPending}>{t('advance.save')}</SubmitButton>
    </form>
  );
}

function Blocks() {
  const t = useT(ADMIN_ORDERS_NS);
  const blocks = useCodBlocks();
  const { block, unblock } = useCodBlockMutations();
  const [mobile, setMobile] = useState('');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    block.mutate(
      { mobile, reason },
      {
        onSuccess: (res) => {
          toast.success(translateMessage(res.message));
          setMobile('');
          setReason('');
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-medium text-slate-800">{t('cod.blocks')}</h2>
      <p className="text-sm text-slate-600">{t('cod.blocksIntro')}</p>
      <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <TextField label={t('cod.mobile')} id="block-mobile" inputMode="tel" maxLength={17} value={mobile} onChange={(e) => setMobile(e.target.value)} />
        <TextField label={t('cod.reason')} id="block-reason" maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
        <SubmitButton loading={block.isPending}>{t('cod.block')}</SubmitButton>
      </form>
      {blocks.data && blocks.data.length === 0 && <p className="text-sm text-slate-600">{t('cod.noBlocks')}</p>}
      <ul className="grid gap-2" data-testid="cod-blocks">
        {blocks.data?.map((b) => (
          <li key={b.mobile} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2 text-sm">
            <span>
              <span className="font-mono font-semibold">{localDigits(b.mobile)}</span> · {b.reason}
              <span className="block text-xs text-slate-500">{t('cod.blockedOn', { date: formatDate(b.createdAt) })}</span>
            </span>
            <button
              type="button"
              disabled={unblock.isPending}
              onClick={() => unblock.mutate(b.mobile, { onSuccess: (res) => toast.success(translateMessage(res.message)), onError: (err) => toast.error(errorMessage(err)) })}
              className="rounded bg-slate-100 px-3 py-1 font-medium text-slate-700 hover:bg-slate-200"
            >
              {t('cod.unblock', { mobile: localDigits(b.mobile) })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
