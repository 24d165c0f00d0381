import { hasText, useLang, useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { AUDIT_NAME_KEYS, type AuditEntry } from '@haat/shared/schemas/audit';
import { formatCount } from '@/i18n/format';
import { useOrderWords } from '@/i18n/orderWords';
import { formatDhaka } from '@/lib/dhakaTime';
import { AUDIT_FIELD_ORDER, AUDIT_NS } from '../pages/audit.locales';

type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const NAME_KEYS: readonly string[] = AUDIT_NAME_KEYS;

/** Fields that hold whole taka, shown with the shared formatter. */
const MONEY_FIELDS = new Set(['price', 'insideDhaka', 'outsideDhaka', 'refundedAmount', 'total_amount', 'min_subtotal', 'amount', 'owed', 'above', 'ordersRefundLimit', 'difference', 'deliveryCharge', 'returnCharge']);
const PERCENT_FIELDS = new Set(['discount', 'vatRate']);
const TIME_FIELDS = new Set(['starts_at', 'ends_at']);
/** Entries recorded before issue 42 kept a product's variants as one line each: shown one a line. */
const LINE_LIST_FIELDS = new Set(['variants']);
const ROLE_KEYS = { USER: 1, ADMIN: 1, MANAGER: 1, ORDERS: 1, CATALOGUE: 1, PACKER: 1 } as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const rank = (key: string) => {
  const i = AUDIT_FIELD_ORDER.indexOf(key);
  return i < 0 ? AUDIT_FIELD_ORDER.length : i;
};
/** The keys of either side: known fields in the page's order, any other (a variant's id, a more_details label) as recorded. */
const keysOf = (...sides: (Fields | null | undefined)[]) => [...new Set(sides.flatMap((s) => Object.keys(s ?? {})))].sort((a, b) => rank(a) - rank(b));

/** Field names and values as a person reads them, in the page's language. */
function useChangeWords() {
  const t = useT(AUDIT_NS);
  const lang = useLang();
  const words = useOrderWords();
  const field = (key: string) => (hasText(AUDIT_NS, `fields.${key}`) ? t(`fields.${key}` as 'fields.name') : key);
  /** One value: taka for money, the page's digits, Dhaka time, the order's words for a status, yes/no, lists joined. */
  const value = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return t('none');
    if (typeof v === 'boolean') return v ? t('yes') : t('no');
    if (typeof v === 'number') return MONEY_FIELDS.has(key) ? formatTaka(v) : PERCENT_FIELDS.has(key) ? `${formatCount(v)}%` : formatCount(v);
    if (typeof v === 'string') {
      if (hasText(AUDIT_NS, `values.${key}.${v}`)) return t(`values.${key}.${v}` as 'values.kind.percent');
      if (key === 'status') return words.status(v);
      if (key === 'method') return words.paymentMethod(v);
      if (key === 'role' && v in ROLE_KEYS) return t(`roles.${v as keyof typeof ROLE_KEYS}`);
      if (TIME_FIELDS.has(key)) return formatDhaka(v, lang) || v;
      return v.length > 160 ? `${v.slice(0, 160)}…` : v;
    }
    if (Array.isArray(v)) return v.length ? v.map(String).join(LINE_LIST_FIELDS.has(key) ? '\n' : ', ') : t('none');
    return JSON.stringify(v);
  };
  /** What names an entry inside a field: a variant's label in the page's language, else its key. */
  const name = (entry: unknown, key: string): string => {
    if (!isFields(entry)) return key;
    const bn = lang === 'bn' && typeof entry.label_bn === 'string' ? entry.label_bn : '';
    return bn || (typeof entry.label === 'string' && entry.label) || key;
  };
  return { t, field, value, name };
}

type Words = ReturnType<typeof useChangeWords>;

/** "Price ১,৫০০.০০৳ → ১,৫৫০.০০৳; Stock 2 → 6": the fields of an entry that changed (a variant's), or all it had when added or removed. */
function entryText(w: Words, before: unknown, after: unknown): string {
  const was = isFields(before) ? before : null;
  const now = isFields(after) ? after : null;
  const keys = keysOf(was, now).filter((k) => !NAME_KEYS.includes(k));
  if (was && now) return keys.filter((k) => !same(was[k], now[k])).map((k) => `${w.field(k)} ${w.value(k, was[k])} → ${w.value(k, now[k])}`).join('; ');
  const only = (now ?? was)!;
  return `${w.t(now ? 'added' : 'removed')}: ${keys.map((k) => `${w.field(k)} ${w.value(k, only[k])}`).join('; ')}`;
}

const rowClass = 'border-t border-slate-100 align-top';
const headClass = 'py-1 pr-2 font-normal text-slate-500';

/**
 * An entry's changes, a row a field (issue 28), before → after. A field recorded as entries
 * (a product's variants by id, more_details) is a row an entry that changed (issue 42):
 * "Variant · L / Red — Price ১,৫০০.০০৳ → ১,৫৫০.০০৳; Stock 2 → 6". Entries recorded before then,
 * which kept the whole field, show each entry that differs.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const w = useChangeWords();
  const { before, after } = entry;
  const rows = keysOf(before, after).flatMap((f) => {
    const was = before?.[f];
    const now = after?.[f];
    if (!isFields(was) && !isFields(now)) {
      return [
        <tr key={f} className={rowClass}>
          <th scope="row" className={headClass}>
            {w.field(f)}
          </th>
          <td className="whitespace-pre-line break-all py-1">
            <span className={before ? undefined : 'text-slate-400'}>{before ? w.value(f, was) : w.t('none')}</span>
            {' → '}
            <span className={after ? undefined : 'text-slate-400'}>{after ? w.value(f, now) : w.t('none')}</span>
          </td>
        </tr>,
      ];
    }
    const wasAll = isFields(was) ? was : null;
    const nowAll = isFields(now) ? now : null;
    return keysOf(wasAll, nowAll)
      .filter((k) => !(wasAll && nowAll && same(wasAll[k], nowAll[k])))
      .map((k) => {
        const [a, b] = [wasAll?.[k], nowAll?.[k]];
        const [oldName, newName] = [w.name(a, k), w.name(b, k)];
        // Added, removed or renamed (a variant whose value was renamed: "L / Red → Large / Red").
        const label = !isFields(b) ? oldName : !isFields(a) || oldName === newName ? newName : `${oldName} → ${newName}`;
        return (
          <tr key={`${f}.${k}`} className={rowClass}>
            <th scope="row" className={headClass}>
              {w.field(f)} · {label}
            </th>
            <td className="break-all py-1">{isFields(a) || isFields(b) ? entryText(w, a, b) : `${w.value(k, a)} → ${w.value(k, b)}`}</td>
          </tr>
        );
      });
  });
  if (rows.length === 0) return null;
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{w.t('changes')}</caption>
      <tbody>{rows}</tbody>
    </table>
  );
}
