import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { trackQuerySchema, type TrackAmounts, type TrackView } from '@haat/shared/schemas/courier';
import { formatTaka } from '@haat/shared/money';
import { useChosenLabel } from '@/components/ChosenOptions';
import { useLocalName } from '@/i18n/localName';
import { CourierTimeline } from '@/components/CourierTimeline';
import { useCourierWords } from '@/components/courierWords';
import { request, errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { useT } from '@/i18n';
import { TRACK_NS } from '../locales';
import { formatCount, useFormatDate } from '@/i18n/format';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { normalizePhoneInput } from '@haat/shared/phone';
import { useOrderWords } from '@/i18n/orderWords';
import { ExchangeBadge, GuestOrderReturns, SHOWS_RETURNS } from '@/features/returns';
import { usePageTitle } from '@/i18n/pageTitle';

const input = 'w-full rounded border border-slate-300 px-3 py-2';

/**
 * /track: a shopper's order status and courier timeline from the order id and
 * the mobile it was placed with. The answer holds no name and no address.
 */
export function TrackPage() {
  const t = useT(TRACK_NS);
  usePageTitle(t('title'));
  useServerMessages();
  const words = useOrderWords();
  const formatDate = useFormatDate();
  const { stageLabel } = useCourierWords();
  const [params, setParams] = useSearchParams();
  const [orderId, setOrderId] = useState(params.get('orderId') ?? '');
  const [mobile, setMobile] = useState('');
  const [asked, setAsked] = useState<{ orderId: string; mobile: string } | null>(null);
  const [invalid, setInvalid] = useState('');
  const result = useQuery({
    queryKey: queryKeys.track(asked),
    queryFn: async () => {
      const qs = new URLSearchParams(asked!);
      return (await request<TrackView>(`order/track?${qs}`)).data;
    },
    enabled: asked !== null,
    retry: false,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = trackQuerySchema.safeParse({ orderId, mobile });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? t('check'));
    setInvalid('');
    setParams({ orderId: parsed.data.orderId }, { replace: true });
    setAsked(parsed.data);
  };

  const view = result.data;
  return (
    <section className="mx-auto my-8 grid max-w-lg gap-5 p-4">
      <h1 className="text-xl font-semibold text-slate-800">{t('title')}</h1>
      <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg bg-white p-4 shadow-sm">
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t('orderId')}</span>
          <input className={input} value={orderId} onChange={(e) => setOrderId(e.target.value)} placeholder={t('orderIdExample')} autoComplete="off" />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t('mobile')}</span>
          <input className={input} value={mobile} onChange={(e) => setMobile(e.target.value)} onBlur={(e) => setMobile(normalizePhoneInput(e.target.value))} inputMode="tel" placeholder={t('mobileExample')} autoComplete="tel" />
        </label>
        {invalid && <p role="alert" className="text-sm text-red-700">{translateMessage(invalid)}</p>}
        <button type="submit" disabled={result.isFetching} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
          {result.isFetching ? t('looking') : t('track')}
        </button>
      </form>
      {result.isError && <p role="alert" className="rounded bg-red-50 p-3 text-red-700">{errorMessage(result.error)}</p>}
      {view && (
        <article aria-label={t('order', { orderId: view.orderId })} className="grid gap-4 rounded-lg bg-white p-4 shadow-sm">
          <p className="flex items-center justify-between">
            <span className="flex flex-wrap items-center gap-2 font-semibold">
              <span>
                {t('orderLabel')} <span className="font-mono">{view.orderId}</span>
              </span>
              <ExchangeBadge of={view.exchange_for} />
            </span>
            <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-700">{words.status(view.status)}</span>
          </p>
          <ol aria-label={t('steps')} className="grid gap-2">
            {view.steps.map((s) => (
              <li key={s.key} data-done={s.done} className="flex items-center gap-3">
                <span aria-hidden className={`h-3 w-3 rounded-full ${s.done ? 'bg-brand-600' : 'border border-slate-300 bg-white'}`} />
                <span className={s.done ? 'font-medium text-slate-800' : 'text-slate-400'}>{stageLabel(s.key)}</span>
                <span className="ml-auto text-xs text-slate-500">{s.at ? formatDate(s.at) : s.done ? '' : t('notYet')}</span>
              </li>
            ))}
          </ol>
          <OrderMoney amounts={view.amounts} />
          <CourierTimeline entries={view.timeline} label={t('updates')} />
          {/* Issue 27: a guest returns or exchanges a delivered order by the same order id and mobile. */}
          {/* A returned or exchanged order keeps its returns in sight: their state, refunds and the replacement order. */}
          {SHOWS_RETURNS.includes(view.status) && asked && <GuestOrderReturns guest={asked} />}
        </article>
      )}
    </section>
  );
}

/**
 * The order's money (issue 42): its total, what was paid, what to hand the rider on delivery, each
 * refund, and each exchange from its size or colour to the one wanted.
 */
function OrderMoney({ amounts }: { amounts: TrackAmounts }) {
  const t = useT(TRACK_NS);
  const nameOf = useLocalName();
  const chosenOf = useChosenLabel();
  const rows: [string, number][] = [
    [t('total'), amounts.total],
    [t('paid'), amounts.paid],
    [t('dueOnDelivery'), amounts.due_on_delivery],
    ...amounts.refunds.map((r): [string, number] => [r.state === 'done' ? t('refundDone') : t('refundDue'), r.amount]),
  ];
  return (
    <section aria-labelledby="track-payment" className="grid gap-2 text-sm">
      <h2 id="track-payment" className="font-semibold text-slate-800">{t('payment')}</h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="track-amounts">
        {rows.map(([label, amount], i) => (
          <div key={i} className="contents">
            <dt>{label}</dt>
            <dd className={`text-right ${i === 2 ? 'font-semibold' : ''}`}>{formatTaka(amount)}</dd>
          </div>
        ))}
      </dl>
      {amounts.exchanges.length > 0 && (
        <ul aria-label={t('exchanges')} className="grid gap-1">
          {amounts.exchanges.map((x, i) => (
            <li key={i}>
              {t('exchange', { n: formatCount(x.quantity), name: nameOf(x), from: chosenOf(x.from), to: chosenOf(x.to), state: t(`exchangeState.${x.state}`) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
