import { formatTaka } from '@haat/shared/money';
import type { AdvancePreview } from '@haat/shared/schemas/order';
import { useT } from '@/i18n';
import { Dialog } from '@/components/Dialog';
import { CHECKOUT_NS } from '../locales';

/** What the server answered for a COD order with a partial advance (decision 0114): the amounts and bKash's page. */
export interface AdvanceDue {
  advance: number;
  total: number;
  bkashURL: string;
}

/**
 * The partial advance on the checkout (issue 44): the server placed the COD order and asked an advance by the shop's
 * rule; this says exactly what is paid now by bKash and what on delivery, and sends the shopper to bKash's page.
 */
export function AdvanceStep({ due, onPay }: { due: AdvanceDue; onPay: () => void }) {
  const t = useT(CHECKOUT_NS);
  return (
    <Dialog open title={t('advance.title')} onClose={onPay}>
      <div className="grid gap-4">
        <p className="text-sm text-slate-700">{t('advance.why')}</p>
        <AdvanceSplit advance={due.advance} total={due.total} testId="advance-split" />
        <button type="button" onClick={onPay} className="rounded bg-pink-700 px-4 py-2 font-semibold text-white hover:bg-pink-800">
          {t('advance.pay', { amount: formatTaka(due.advance) })}
        </button>
      </div>
    </Dialog>
  );
}

/** Paid now by bKash, on delivery, and the total: the dialog's and the checkout's preview's one list (decision 0130). */
export function AdvanceSplit({ advance, total, testId }: { advance: number; total: number; testId: string }) {
  const t = useT(CHECKOUT_NS);
  const rows = [
    { label: t('advance.now'), amount: advance, strong: true },
    { label: t('advance.onDelivery'), amount: total - advance, strong: false },
    { label: t('advance.total'), amount: total, strong: false },
  ];
  return (
    <dl className="grid gap-1 text-sm" data-testid={testId}>
      {rows.map((r) => (
        <div key={r.label} className={`flex justify-between gap-4 ${r.strong ? 'text-base font-semibold' : ''}`}>
          <dt>{r.label}</dt>
          <dd className="whitespace-nowrap">{formatTaka(r.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Before the order is placed (issue 44, decision 0130): what is paid now by bKash and what to the rider, with a note
 * of when bKash's page comes (the checkout's: after Cash On Delivery). The checkout's, and a chat link's page's.
 */
export function CodAdvancePreview({ advance, note }: { advance: AdvancePreview; note?: string }) {
  const t = useT(CHECKOUT_NS, 'advance');
  return (
    <section aria-labelledby="cod-advance-title" className="space-y-2 rounded-lg border border-pink-200 bg-pink-50 p-3" data-testid="advance-preview">
      <h3 id="cod-advance-title" className="text-sm font-semibold">{t('preview')}</h3>
      <AdvanceSplit advance={advance.advance} total={advance.total} testId="advance-preview-split" />
      <p className="text-xs text-slate-700">{note ?? t('previewNote')}</p>
    </section>
  );
}
