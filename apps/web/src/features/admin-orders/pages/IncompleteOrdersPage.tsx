import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import toast from 'react-hot-toast';
import type { PaymentMethod } from '@haat/shared/constants';
import { formatTaka } from '@haat/shared/money';
import type { IncompleteCheckoutView } from '@haat/shared/schemas/cod';
import { TEXT_LIMITS } from '@haat/shared/schemas/limits';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { formatCount, localDigits, useFormatDate } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { useOrderWords } from '@/i18n/orderWords';
import { errorMessage } from '@/lib/api';
import { useIncompleteOrderMutations, useIncompleteOrders } from '../api/cod';
import { ADMIN_ORDERS_NS } from '../locales';
import { ChosenOptions } from '@/components/ChosenOptions';

/**
 * /dashboard/incomplete-orders (issue 26, orders.manage): checkouts left after
 * the mobile was given, newest first. The owner calls the shopper and turns
 * one into a phone order in one step: its mobile and cart, with the name and
 * address the shopper typed filled in to confirm on the phone (issue 42; the
 * phone-order rules: prices, fee, stock). A mobile blocked from cash on
 * delivery is said on its card and in the form.
 */
export function IncompleteOrdersPage() {
  const t = useT(ADMIN_ORDERS_NS);
  const [page, setPage] = useState(1);
  const list = useIncompleteOrders(page);
  const totalPages = Math.max(list.data?.totalPages ?? 1, 1);
  // The last entry of the last page placed or dismissed: show the page before it.
  useEffect(() => {
    if (list.data && page > totalPages) setPage(totalPages);
  }, [list.data, page, totalPages]);
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('incomplete.title')}</h1>
      <p className="text-sm text-slate-600">{t('incomplete.intro')}</p>
      {list.isLoading && <Spinner className="h-8 w-8" />}
      {list.data?.entries.length === 0 && <p className="text-sm text-slate-600">{t('incomplete.none')}</p>}
      <div className="grid gap-3 md:grid-cols-2">
        {list.data?.entries.map((entry) => <IncompleteCard key={entry._id} entry={entry} />)}
      </div>
      {totalPages > 1 && (
        <nav aria-label={t('incomplete.pages')} className="flex items-center justify-center gap-3 text-sm">
          <button type="button" className={pager} onClick={() => setPage((p) => Math.max(p - 1, 1))} disabled={page <= 1}>
            {t('allOrders.prev')}
          </button>
          <span>{t('allOrders.pageOf', { page: formatCount(page), total: formatCount(totalPages) })}</span>
          <button type="button" className={pager} onClick={() => setPage((p) => Math.min(p + 1, totalPages))} disabled={page >= totalPages}>
            {t('allOrders.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

const pager = 'rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-100 disabled:opacity-40';

function IncompleteCard({ entry }: { entry: IncompleteCheckoutView }) {
  const t = useT(ADMIN_ORDERS_NS);
  const formatDate = useFormatDate();
  const nameOf = useLocalName();
  const { dismiss } = useIncompleteOrderMutations();
  const [ordering, setOrdering] = useState(false);
  return (
    <article data-testid="incomplete-card" aria-label={entry.mobile} className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a href={`tel:${entry.mobile}`} className="font-mono text-base font-semibold text-brand-700 underline">
          {localDigits(entry.mobile)}
        </a>
        <span className="text-slate-500">{t('incomplete.updated', { date: formatDate(entry.updatedAt) })}</span>
      </div>
      {(entry.name || entry.address_line || entry.city) && (
        <p data-testid="incomplete-recipient" className="text-slate-700">
          {[entry.name, entry.address_line, entry.city].filter(Boolean).join(', ')}
        </p>
      )}
      {entry.cod_block && <CodBlockWarning reason={entry.cod_block.reason} />}
      <p className="text-slate-600">{t('incomplete.language', { lang: t(`incomplete.${entry.lang}`) })}</p>
      <ul className="grid gap-1 border-t border-slate-100 pt-2">
        {entry.lines.map((l) => (
          <li key={`${l.product_id}:${l.variant_id}`} className="flex justify-between gap-2">
            <span>
              {nameOf(l)}
              <ChosenOptions chosen={l.options} />
            </span>
            <span className="text-slate-500">
              {formatCount(l.quantity)} × {formatTaka(l.unit_price)}
            </span>
          </li>
        ))}
      </ul>
      <p className="font-medium">{t('incomplete.subtotal', { amount: formatTaka(entry.subtotal) })}</p>
      {ordering ? (
        <PlaceForm entry={entry} onCancel={() => setOrdering(false)} />
      ) : (
        <div className="flex gap-2">
          <button type="button" onClick={() => setOrdering(true)} className="rounded bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700">
            {t('incomplete.makeOrder')}
          </button>
          <button type="button" disabled={dismiss.isPending} onClick={() => dismiss.mutate(entry._id, { onError: (err) => toast.error(errorMessage(err)) })} className="rounded bg-slate-100 px-3 py-1.5 text-slate-700 hover:bg-slate-200">
            {t('incomplete.dismiss')}
          </button>
        </div>
      )}
    </article>
  );
}

/** The mobile is blocked from cash on delivery (the COD protection's blocks), with the owner's reason. */
function CodBlockWarning({ reason }: { reason: string }) {
  const t = useT(ADMIN_ORDERS_NS);
  return (
    <p role="note" data-testid="cod-blocked" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800">
      {t('incomplete.codBlocked', { reason })}
    </p>
  );
}

function PlaceForm({ entry, onCancel }: { entry: IncompleteCheckoutView; onCancel: () => void }) {
  const t = useT(ADMIN_ORDERS_NS);
  const words = useOrderWords();
  const { place } = useIncompleteOrderMutations();
  const cod: PaymentMethod = 'CASH-ON-DELIVERY';
  // What the shopper typed at checkout, to confirm on the phone (issue 42).
  const [customer, setCustomer] = useState({ name: entry.name, address_line: entry.address_line, city: entry.city });
  const field = (name: keyof typeof customer) => ({ value: customer[name], onChange: (e: { target: { value: string } }) => setCustomer((c) => ({ ...c, [name]: e.target.value })) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    place.mutate({ id: entry._id, input: { customer, method: cod } }, { onSuccess: (res) => toast.success(t('incomplete.placed', { id: res.data.orderId })), onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2 border-t border-slate-100 pt-2">
      <TextField label={t('incomplete.name')} id={`name-${entry._id}`} maxLength={TEXT_LIMITS.personName} {...field('name')} />
      <TextField label={t('incomplete.addressLine')} id={`address-${entry._id}`} maxLength={TEXT_LIMITS.addressLine} {...field('address_line')} />
      <TextField label={t('incomplete.city')} id={`city-${entry._id}`} maxLength={TEXT_LIMITS.city} {...field('city')} />
      {/* A phone order is cash on delivery; a wallet payment is taken on the New Order page. */}
      <p className="text-slate-600">{words.paymentMethod(cod)}</p>
      {entry.cod_block && (
        <p role="alert" data-testid="cod-blocked-place" className="text-red-800">
          {t('incomplete.codBlockedPlace')}{' '}
          <Link to={paths.dashboard.newOrder()} className="font-semibold underline">
            {t('incomplete.newOrder')}
          </Link>
        </p>
      )}
      <div className="flex gap-2">
        <SubmitButton loading={place.isPending}>{t('incomplete.place')}</SubmitButton>
        <button type="button" onClick={onCancel} className="rounded bg-slate-100 px-3 py-1.5 text-slate-700">
          {t('incomplete.cancel')}
        </button>
      </div>
    </form>
  );
}
