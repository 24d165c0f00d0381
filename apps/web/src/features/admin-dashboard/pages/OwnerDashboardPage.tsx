import { paths } from '@haat/shared/paths';
import { PromotionFigures } from '../components/PromotionFigures';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useT, currentLang } from '@/i18n';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { ChartConfiguration } from 'chart.js';
import { ORDER_STATUSES } from '@haat/shared/constants';
import { AfterSalesFigures, ReturnWindowForm } from '@/features/returns';
import { ReviewTiles } from '@/features/reviews';
import { formatTaka } from '@haat/shared/money';
import { formatCount } from '@/i18n/format';
import { dashboardSettingsSchema, OVERDUE_COUNT_LIMIT, type DashboardProduct, type DashboardSummary } from '@haat/shared/schemas/dashboard';
import { Button, SubmitButton } from '@/components/Button';
import { inputClass } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { DASHBOARD_NS } from '../locales';
import { useCashWithCouriers, useDashboardSummary, useSaveDashboardSettings } from '../api/dashboard';
import { CHART_COLORS, ChartCanvas } from '../components/ChartCanvas';
import { useOrderWords } from '@/i18n/orderWords';
import { ChosenOptions } from '@/components/ChosenOptions';

const PERIODS = [7, 30, 90, 365] as const;

/** A share as a percent in the interface's digits: 0.25 → '25%' / '২৫%'. */
const percent = (share: number) => `${formatCount(Math.round(share * 1000) / 10)}%`;

/** A Dhaka day (YYYY-MM-DD) as a short date in the page's language; with the year when asked (a period across New Year). */
function shortDate(day: string, withYear = false): string {
  const locale = currentLang() === 'bn' ? 'bn-BD' : 'en-GB';
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC', year: withYear ? 'numeric' : undefined };
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      <h2 className="mb-3 font-semibold text-slate-800">{title}</h2>
      {children}
    </section>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div role="group" aria-label={label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900">{value}</p>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

/**
 * Orders past a due time now, whatever the period (issue 27, decision 0076):
 * red with a link to the orders while any are; the words carry it, the colour repeats it.
 */
function Overdue({ count }: { count: number }) {
  const t = useT(DASHBOARD_NS);
  const late = count > 0;
  return (
    <div role="group" aria-label={t('overdue.label')} data-testid="overdue-orders" className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3 shadow-sm ${late ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-700'}`}>
      <p className="text-xs font-medium">{t('overdue.label')}</p>
      <p className="text-xl font-semibold">{count > OVERDUE_COUNT_LIMIT ? `${formatCount(OVERDUE_COUNT_LIMIT)}+` : formatCount(count)}</p>
      <p className="text-xs">{late ? t('overdue.some') : t('overdue.none')}</p>
      {late && (
        <Link to={paths.dashboard.orders()} className="ml-auto text-sm font-medium text-red-800 underline">
          {t('overdue.open')}
        </Link>
      )}
    </div>
  );
}

/** The cash the couriers collected and have not paid yet, whatever the period (issue 44, decision 0112). */
function CashWithCouriers() {
  const t = useT(DASHBOARD_NS);
  const cash = useCashWithCouriers();
  if (cash.data === undefined) return null;
  return <Stat label={t('cards.cashWithCouriers')} value={formatTaka(cash.data / 100)} hint={t('cards.cashWithCouriersHint')} />;
}

/** /dashboard for an ADMIN (issue 14): the owner's figures for the last 7, 30 or 90 days. */
export function OwnerDashboardPage() {
  const t = useT(DASHBOARD_NS);
  const [days, setDays] = useState<number>(30);
  const { data, isPending, isError, refetch, isFetching } = useDashboardSummary(days);

  return (
    <div className="grid grid-cols-1 gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
        <div role="group" aria-label={t('period.label')} className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm">
          {PERIODS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={days === n}
              onClick={() => setDays(n)}
              className={`px-3 py-1.5 ${days === n ? 'bg-brand-600 font-semibold text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {t('period.days', { n: formatCount(n) })}
            </button>
          ))}
        </div>
      </div>
      {isPending ? (
        <Spinner className="h-8 w-8" label={t('loading')} />
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-red-700">
          {t('failed')}
          <Button className="px-4" onClick={() => void refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <Figures summary={data} busy={isFetching} />
      )}
      <PromotionFigures days={days} />
    </div>
  );
}

function Figures({ summary: s, busy }: { summary: DashboardSummary; busy: boolean }) {
  const t = useT(DASHBOARD_NS);
  const ordersInPeriod = ORDER_STATUSES.reduce((sum, status) => sum + s.ordersByStatus[status], 0);
  const acrossYears = s.from.slice(0, 4) !== s.to.slice(0, 4);
  // grid-cols-1 is minmax(0, 1fr): an implicit column would grow to the longest product name and push a phone's page sideways.
  return (
    <div className={`grid grid-cols-1 gap-4 ${busy ? 'opacity-70' : ''}`} aria-busy={busy}>
      <p className="text-sm text-slate-500">{t('period.range', { from: shortDate(s.from, acrossYears), to: shortDate(s.to, acrossYears) })}</p>
      <Overdue count={s.overdueOrders} />
      <CashWithCouriers />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={t('cards.sales')} value={formatTaka(s.sales.taka)} />
        <Stat label={t('cards.orders')} value={formatCount(s.sales.orders)} hint={t('cards.allOrders', { n: formatCount(ordersInPeriod) })} />
        <Stat label={t('cards.averageOrder')} value={formatTaka(s.sales.orders ? Math.round(s.sales.taka / s.sales.orders) : 0)} />
        <Stat label={t('cards.returned')} value={percent(s.returns.share)} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <SalesPerDay summary={s} />
        <OrdersByStatus summary={s} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <TopProducts title={t('top.byUnits')} products={s.topByUnits} measure="units" />
        <TopProducts title={t('top.byTaka')} products={s.topByTaka} measure="taka" />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Payments summary={s} />
        <Returns summary={s} />
      </div>
      <AfterSalesFigures summary={s} />
      <ReviewTiles />
      <LowStock summary={s} />
      <ReturnWindowForm />
    </div>
  );
}

function SalesPerDay({ summary: s }: { summary: DashboardSummary }) {
  const t = useT(DASHBOARD_NS);
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: s.salesPerDay.map((d) => shortDate(d.date)),
        datasets: [
          { type: 'bar', label: t('salesPerDay.taka'), data: s.salesPerDay.map((d) => d.taka), backgroundColor: '#86efac', yAxisID: 'taka', order: 2 },
          { type: 'line', label: t('salesPerDay.orders'), data: s.salesPerDay.map((d) => d.orders), borderColor: '#2563eb', backgroundColor: '#2563eb', pointRadius: 2, yAxisID: 'orders', order: 1 },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: {
          taka: { position: 'left', beginAtZero: true, ticks: { callback: (v) => formatTaka(Number(v)), maxTicksLimit: 5 } },
          orders: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, ticks: { precision: 0, callback: (v) => formatCount(Number(v)), maxTicksLimit: 5 } },
          x: { ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } },
        },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${c.dataset.yAxisID === 'taka' ? formatTaka(Number(c.raw)) : formatCount(Number(c.raw))}` } },
        },
      },
    }),
    // The language changes the labels: t is a new function in each language.
    [s, t],
  );
  const withSales = s.salesPerDay.filter((d) => d.orders > 0);
  return (
    <Card title={t('salesPerDay.title')} className="lg:col-span-2">
      <ChartCanvas config={config} label={t('salesPerDay.title')} height={240} />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600">{t('salesPerDay.tableCaption')}</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="text-slate-500">
              <th className="font-medium">{t('salesPerDay.date')}</th>
              <th className="text-right font-medium">{t('salesPerDay.orders')}</th>
              <th className="text-right font-medium">{t('salesPerDay.taka')}</th>
            </tr>
          </thead>
          <tbody>
            {withSales.map((d) => (
              <tr key={d.date} className="border-t border-slate-100">
                <td>{shortDate(d.date)}</td>
                <td className="text-right">{formatCount(d.orders)}</td>
                <td className="text-right">{formatTaka(d.taka)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Card>
  );
}

function OrdersByStatus({ summary: s }: { summary: DashboardSummary }) {
  const t = useT(DASHBOARD_NS);
  const words = useOrderWords();
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'doughnut',
      data: {
        labels: ORDER_STATUSES.map((status) => words.status(status, 'statusCounted')),
        datasets: [{ data: ORDER_STATUSES.map((status) => s.ordersByStatus[status]), backgroundColor: CHART_COLORS.slice(0, ORDER_STATUSES.length) }],
      },
      options: { plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${c.label}: ${formatCount(Number(c.raw))}` } } } },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [s, t],
  );
  return (
    <Card title={t('status.title')}>
      <ChartCanvas config={config} label={t('status.title')} height={180} />
      <ul className="mt-3 grid grid-cols-2 gap-1 text-sm">
        {ORDER_STATUSES.map((status, i) => (
          <li key={status} className="flex items-center gap-2">
            <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: CHART_COLORS[i] }} />
            <span className="text-slate-600">{words.status(status, 'statusCounted')}</span>
            <span className="ml-auto font-medium" data-testid={`status-${status}`}>{formatCount(s.ordersByStatus[status])}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function TopProducts({ title, products, measure }: { title: string; products: DashboardProduct[]; measure: 'units' | 'taka' }) {
  const t = useT(DASHBOARD_NS);
  const show = (p: DashboardProduct) => (measure === 'units' ? formatCount(p.units) : formatTaka(p.taka));
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        // Long names are cut on the axis; the list below has them whole.
        labels: products.map((p) => (p.name.length > 18 ? `${p.name.slice(0, 17)}…` : p.name)),
        datasets: [{ label: measure === 'units' ? t('top.units') : t('top.taka'), data: products.map((p) => p[measure]), backgroundColor: measure === 'units' ? '#60a5fa' : '#4ade80' }],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => show(products[c.dataIndex]!) } } },
        scales: { x: { beginAtZero: true, ticks: { maxTicksLimit: 4, callback: (v) => (measure === 'units' ? formatCount(Number(v)) : formatTaka(Number(v))) } } },
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [products, measure, t],
  );
  return (
    <Card title={title}>
      {products.length === 0 ? (
        <p className="text-sm text-slate-500">{t('top.none')}</p>
      ) : (
        <>
          <ChartCanvas config={config} label={title} height={Math.max(120, products.length * 26)} />
          <ol className="mt-3 grid grid-cols-1 gap-1 text-sm">
            {products.map((p, i) => (
              <li key={`${p.productId}:${p.variantId ?? ''}`} className="flex gap-2">
                <span className="w-6 text-slate-500">{formatCount(i + 1)}.</span>
                <span className="min-w-0 flex-1 truncate" title={p.name}>
                  {p.name}
                  <ChosenOptions chosen={p.options} />
                </span>
                <span className="font-medium">{show(p)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}

function Payments({ summary: s }: { summary: DashboardSummary }) {
  const t = useT(DASHBOARD_NS);
  const { cod, wallet } = s.payments;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'doughnut',
      data: { labels: [t('payments.cod'), t('payments.wallet')], datasets: [{ data: [cod.taka, wallet.taka], backgroundColor: ['#f59e0b', '#db2777'] }] },
      options: { plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${c.label}: ${formatTaka(Number(c.raw))}` } } } },
    }),
    [cod, wallet, t],
  );
  const rows = [
    { key: 'cod', label: t('payments.cod'), v: cod, color: '#f59e0b' },
    { key: 'wallet', label: t('payments.wallet'), v: wallet, color: '#db2777' },
  ];
  return (
    <Card title={t('payments.title')}>
      <div className="grid grid-cols-1 items-center gap-4 sm:grid-cols-[160px_minmax(0,1fr)]">
        <ChartCanvas config={config} label={t('payments.title')} height={160} />
        <ul className="grid grid-cols-1 gap-2 text-sm">
          {rows.map((r) => (
            <li key={r.key} data-testid={`payments-${r.key}`}>
              <span className="flex items-center gap-2 text-slate-600">
                <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: r.color }} />
                {r.label}
              </span>
              <span className="font-medium">{t('payments.figure', { orders: formatCount(r.v.orders), taka: formatTaka(r.v.taka) })}</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function Returns({ summary: s }: { summary: DashboardSummary }) {
  const t = useT(DASHBOARD_NS);
  const { handed, returned, share } = s.returns;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'doughnut',
      data: { labels: [t('returns.returned'), t('returns.kept')], datasets: [{ data: [returned, handed - returned], backgroundColor: ['#dc2626', '#cbd5e1'] }] },
      options: { plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${c.label}: ${formatCount(Number(c.raw))}` } } } },
    }),
    [handed, returned, t],
  );
  return (
    <Card title={t('returns.title')}>
      {handed === 0 ? (
        <p className="text-sm text-slate-500">{t('returns.none')}</p>
      ) : (
        <div className="grid grid-cols-1 items-center gap-4 sm:grid-cols-[160px_minmax(0,1fr)]">
          <ChartCanvas config={config} label={t('returns.title')} height={160} />
          <div className="text-sm" data-testid="returns">
            <p className="text-2xl font-semibold text-red-700">{t('returns.share', { share: percent(share) })}</p>
            <p className="text-slate-600">{t('returns.detail', { returned: formatCount(returned), handed: formatCount(handed) })}</p>
          </div>
        </div>
      )}
    </Card>
  );
}

function LowStock({ summary: s }: { summary: DashboardSummary }) {
  const t = useT(DASHBOARD_NS);
  const { threshold, total, products } = s.lowStock;
  return (
    <Card title={t('lowStock.title')}>
      <LowStockLevel current={threshold} />
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t('lowStock.none')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left text-slate-500">{t('lowStock.caption', { threshold: formatCount(threshold) })}</caption>
            <thead>
              <tr className="text-slate-500">
                <th className="py-1 font-medium">{t('lowStock.product')}</th>
                <th className="py-1 text-right font-medium">{t('lowStock.stock')}</th>
                <th className="py-1">
                  <span className="sr-only">{t('lowStock.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={`${p.productId}:${p.variantId ?? ''}`} className="border-t border-slate-100">
                  <td className="max-w-0 truncate py-1.5 pr-2" title={p.name}>
                    {p.name}
                    <ChosenOptions chosen={p.options} />
                    {p.sku && <span className="block text-xs text-slate-500">{t('lowStock.sku', { sku: p.sku })}</span>}
                  </td>
                  <td className={`py-1.5 text-right font-medium ${p.stock === 0 ? 'text-red-700' : 'text-amber-700'}`}>{formatCount(p.stock)}</td>
                  <td className="py-1.5 pl-2 text-right">
                    <Link to={paths.dashboard.products(p.name)} aria-label={t('lowStock.editProduct', { name: p.name })} className="font-medium text-brand-700 hover:underline">
                      {t('lowStock.edit')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {total > products.length && <p className="mt-1 text-xs text-slate-500">{t('lowStock.more', { shown: formatCount(products.length), total: formatCount(total) })}</p>}
        </div>
      )}
    </Card>
  );
}

/** The low-stock level: validated by the shared schema, saved with PUT /dashboard/settings. */
function LowStockLevel({ current }: { current: number }) {
  const t = useT(DASHBOARD_NS);
  const save = useSaveDashboardSettings();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState('');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = dashboardSettingsSchema.safeParse({ lowStockThreshold: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setError('');
    try {
      await save.mutateAsync(parsed.data);
      toast.success(t('lowStock.saved'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm font-medium text-slate-700" htmlFor="lowStockThreshold">
        {t('lowStock.level')}
        <input
          id="lowStockThreshold"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'lowStockThreshold-error' : undefined}
          className={`${inputClass} w-28`}
        />
      </label>
      <SubmitButton loading={save.isPending} className="px-5 py-2">
        {t('lowStock.save')}
      </SubmitButton>
      {error && (
        <p id="lowStockThreshold-error" role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
