import { useState, type FormEvent } from 'react';
import { SETTLEMENT_COURIERS, STATEMENT_COLUMNS, STATEMENT_FORMATS, type StatementReport } from '@haat/shared/schemas/settlements';
import { useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { translateError, translateMessage } from '@/i18n/messages';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useUploadStatement } from '../api/settlements';
import { SETTLEMENTS_NS } from '../pages/settlements.locales';
import { taka } from './money';
import { card, field, heading, quietButton } from './styles';

type Fields = Record<string, string>;

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A courier's payout statement: checked first (a dry run naming the rows it cannot match), then recorded. */
export function StatementUpload() {
  const t = useT(SETTLEMENTS_NS);
  const upload = useUploadStatement();
  const [fields, setFields] = useState<Fields>({ format: 'pathao', provider: 'pathao', reference: '', paidOn: '' });
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StatementReport | null>(null);
  const set = (name: string, value: string) => {
    setFields({ ...fields, [name]: value });
    setReport(null);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return;
    try {
      const answer = await upload.mutateAsync({ file, fields, dryRun });
      setReport(answer.data);
      if (answer.data.applied) toast.success(translateMessage('Payout statement recorded.'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(true);
  };
  return (
    <section aria-labelledby="settlements-upload" className={card}>
      <h2 id="settlements-upload" className={heading}>
        {t('upload')}
      </h2>
      <form onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-2">
        <Select label={t('format')} value={fields.format!} options={STATEMENT_FORMATS.map((f) => [f, t(`formats.${f}`)])} onChange={(v) => set('format', v)} />
        <Select label={t('courierLabel')} value={fields.provider!} options={SETTLEMENT_COURIERS.map((c) => [c, t(`courier.${c}`)])} onChange={(v) => set('provider', v)} />
        <Text label={t('reference')} value={fields.reference!} onChange={(v) => set('reference', v)} />
        <Text label={t('paidOn')} type="date" value={fields.paidOn!} onChange={(v) => set('paidOn', v)} />
        {fields.format === 'generic' && STATEMENT_COLUMNS.map((c) => <Text key={c} label={t(`columns.${c}`)} value={fields[`column_${c}`] ?? ''} onChange={(v) => set(`column_${c}`, v)} />)}
        <div className="grid gap-1 sm:col-span-2">
          <span className="text-slate-500">{t('file')}</span>
          <div className="flex flex-wrap items-center gap-2">
            {/* Our own words on the button, not the browser's: the input itself is hidden. */}
            <label className={`${quietButton} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600`}>
              {t('chooseFile')}
              <input type="file" accept={ACCEPT} className="sr-only" onChange={(e) => (setFile(e.target.files?.[0] ?? null), setReport(null))} />
            </label>
            <span className="break-all text-slate-600">{file ? file.name : t('noFile')}</span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className={quietButton} disabled={!file || upload.isPending}>
            {t('check')}
          </button>
          <button type="button" className={quietButton} disabled={!report || report.applied || report.errors.length > 0 || upload.isPending} onClick={() => void send(false)}>
            {t('record')}
          </button>
        </div>
      </form>
      {report && <Report report={report} />}
    </section>
  );
}

function Report({ report }: { report: StatementReport }) {
  const t = useT(SETTLEMENTS_NS);
  return (
    <div role="status" className="grid gap-2">
      <p className="font-medium">{report.applied ? t('recorded') : t('report', { lines: formatCount(report.lines), amount: taka(report.amountPaisa) })}</p>
      {report.errors.length > 0 && (
        <RowList caption={t('rowErrors')} second={t('problem')} rows={report.errors.map((e) => [e.row, translateError(e.code, e.params, e.message)])} tone="text-red-700" />
      )}
      {report.unmatched.length > 0 && <RowList caption={t('unmatched')} second={t('consignment')} rows={report.unmatched.map((u) => [u.row, u.consignmentId])} tone="text-purple-800" />}
    </div>
  );
}

function RowList({ caption, second, rows, tone }: { caption: string; second: string; rows: [number, string][]; tone: string }) {
  const t = useT(SETTLEMENTS_NS);
  return (
    <table className="w-full text-left">
      <caption className={`pb-1 text-left ${tone}`}>{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="w-16 py-1">
            {t('row')}
          </th>
          <th scope="col" className="py-1">
            {second}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([row, text]) => (
          <tr key={`${row}-${text}`} className="border-b border-slate-100">
            {/* As the spreadsheet numbers its rows, so the owner finds it there. */}
            <td className="py-1 tabular-nums">{row}</td>
            <td className="py-1">{text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Select({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange: (v: string) => void }) {
  return (
    <label className="grid gap-1">
      <span className="text-slate-500">{label}</span>
      <select className={field} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function Text({ label, value, onChange, type = 'text' }: { label: string; value: string; onChange: (v: string) => void; type?: string }) {
  return (
    <label className="grid gap-1">
      <span className="text-slate-500">{label}</span>
      <input type={type} className={field} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
