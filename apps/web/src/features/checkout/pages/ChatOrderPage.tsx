import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { paths } from '@haat/shared/paths';
import { deliveryFee } from '@haat/shared/delivery-fee';
import { formatDeliveryFee, formatTaka } from '@haat/shared/money';
import { normalizePhone, normalizePhoneInput } from '@haat/shared/phone';
import { chatLinkConfirmSchema, type ChatLinkPublic } from '@haat/shared/schemas/chat-link';
import type { OrderView } from '@haat/shared/schemas/order';
import { useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { Rich } from '@/i18n/Rich';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { usePageTitle } from '@/i18n/pageTitle';
import { ApiError, errorMessage, request } from '@/lib/api';
import { useDeliverySettings } from '@/state/delivery';
import { useQuote } from '@/state/promotions';
import { useAdvancePreview } from '@/state/advancePreview';
import { Button } from '@/components/Button';
import { ChosenOptions } from '@/components/ChosenOptions';
import { FormField, inputClass } from '@/components/FormField';
import { AdvanceStep, CodAdvancePreview, type AdvanceDue } from '../components/AdvanceStep';
import { CHECKOUT_NS } from '../locales';

const EMPTY = { name: '', mobile: '', address_line: '', city: '' };
type Field = keyof typeof EMPTY;

/** The words of a link that cannot be ordered now, by its state (or a link that is not one). */
const closedKey = { used: 'chat.used', expired: 'chat.expired', stale: 'chat.stale' } as const;

function firstMessages(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path.at(-1))] ??= issue.message;
  return found;
}

/**
 * /chat-order/{token} (issue 45, decision 0118): the cart the shop built for a buyer in a chat. The buyer checks it,
 * types the delivery address, sees the total (the promotions and delivery fee as the server quotes them) and places
 * it as their own cash-on-delivery order. Where the owner's rule asks this buyer an advance (decision 0130's
 * amendment), the page shows what is paid now by bKash and on delivery before Place order, by the checkout's preview
 * of the link's cart to the typed address, and once placed goes on to bKash's page as the checkout does. A used,
 * expired or changed link says so and offers nothing to press.
 */
export function ChatOrderPage() {
  const t = useT(CHECKOUT_NS);
  useServerMessages();
  usePageTitle(t('chat.pageTitle'));
  const { token = '' } = useParams();
  const key = ['chat-link', token];
  const queryClient = useQueryClient();
  const link = useQuery({ queryKey: key, queryFn: async () => (await request<ChatLinkPublic>(`chat-links/by-token/${encodeURIComponent(token)}`)).data, retry: false });

  return (
    <section className="mx-auto grid max-w-xl gap-4 p-4">
      <h1 className="text-xl font-semibold text-slate-800">{t('chat.title')}</h1>
      {link.isPending && <p>{t('chat.loading')}</p>}
      {link.error && <p role="alert" className="rounded bg-red-50 p-3 text-red-700">{link.error instanceof ApiError && link.error.status === 404 ? t('chat.notFound') : errorMessage(link.error)}</p>}
      {link.data && <ChatOrderForm token={token} link={link.data} onRefused={() => void queryClient.invalidateQueries({ queryKey: key })} />}
    </section>
  );
}

function ChatOrderForm({ token, link, onRefused }: { token: string; link: ChatLinkPublic; onRefused: () => void }) {
  const t = useT(CHECKOUT_NS);
  const navigate = useNavigate();
  const [address, setAddress] = useState(EMPTY);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [placing, setPlacing] = useState(false);
  const settings = useDeliverySettings().data;
  const fee = address.city || address.address_line ? deliveryFee(settings, address) : 0;
  const items = link.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, ...(l.variant_id ? { variant_id: l.variant_id } : {}) }));
  const { quote } = useQuote({ items, code: link.voucher_code, mobile: '', fee }, link.state === 'open');
  const advance = useChatAdvance(link, items, address);
  // The advance the server asked once the order is placed: its amounts and bKash's page (the checkout's step).
  const [due, setDue] = useState<AdvanceDue | null>(null);
  const set = (name: Field, value: string) => {
    setAddress((a) => ({ ...a, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = chatLinkConfirmSchema.safeParse({ address, consent });
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    setPlacing(true);
    try {
      const res = await request<OrderView>(`chat-links/by-token/${encodeURIComponent(token)}/order`, { method: 'POST', body: parsed.data });
      if (res.data.bkashURL && res.data.advance_amount) return setDue({ advance: res.data.advance_amount, total: res.data.total_amount, bkashURL: res.data.bkashURL });
      navigate(paths.orderSuccess(), { replace: true, state: { text: 'Order', orderId: res.data.orderId, order: res.data } });
    } catch (err) {
      toast.error(errorMessage(err));
      onRefused();
      setPlacing(false);
    }
  };

  const closed = link.state !== 'open';
  return (
    <>
      {closed ? <p role="alert" className="rounded bg-amber-50 p-3 text-amber-800">{t(closedKey[link.state as keyof typeof closedKey])}</p> : <p className="text-sm text-slate-600">{t('chat.intro')}</p>}
      <ChatLines link={link} />
      {!closed && (
        <form onSubmit={submit} noValidate className="grid gap-3">
          <h2 className="font-semibold text-slate-800">{t('chat.address')}</h2>
          {(['name', 'mobile', 'address_line', 'city'] as const).map((name) => (
            <FormField key={name} label={t(name === 'address_line' ? 'chat.addressLine' : `chat.${name}`)} htmlFor={`chat-${name}`} error={errors[name]}>
              <input id={`chat-${name}`} className={inputClass} value={address[name]} inputMode={name === 'mobile' ? 'tel' : undefined} autoComplete={name === 'mobile' ? 'tel' : name === 'name' ? 'name' : undefined} onChange={(e) => set(name, e.target.value)} onBlur={name === 'mobile' ? (e) => set('mobile', normalizePhoneInput(e.target.value)) : undefined} />
            </FormField>
          ))}
          <dl className="grid grid-cols-[1fr_auto] gap-1 rounded border border-slate-200 p-3 text-sm">
            <dt>{t('chat.itemsTotal')}</dt>
            <dd>{formatTaka(quote?.subtotal ?? link.items_total)}</dd>
            {!!quote?.discount && (
              <>
                <dt>{t('chat.discount')}</dt>
                <dd>{formatTaka(-quote.discount)}</dd>
              </>
            )}
            <dt>{t('chat.deliveryCharge')}</dt>
            <dd>{translateMessage(formatDeliveryFee(quote?.delivery_fee ?? fee))}</dd>
            <dt className="font-semibold">{t('chat.grandTotal')}</dt>
            <dd className="font-semibold" data-testid="chat-total">{formatTaka(quote?.total ?? link.items_total + fee)}</dd>
          </dl>
          {advance ? <CodAdvancePreview advance={advance} note={t('chat.advanceNote')} /> : <p className="text-sm text-slate-700">{t('chat.payment')}</p>}
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={consent} onChange={(e) => {
              setConsent(e.target.checked);
              setErrors(({ consent: _gone, ...rest }) => rest);
            }} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
            <span>
              <Rich text={t('consent.label')} parts={{ 1: <Link to={paths.policy('terms')} className="font-medium text-brand-700 underline" />, 3: <Link to={paths.policy('privacy')} className="font-medium text-brand-700 underline" /> }} />
            </span>
          </label>
          {errors.consent && <p role="alert" className="text-sm text-red-600">{translateMessage(errors.consent)}</p>}
          <Button type="submit" disabled={placing}>{placing ? t('chat.placing') : t('chat.place')}</Button>
        </form>
      )}
      {due && <AdvanceStep due={due} onPay={() => window.location.assign(due.bkashURL)} />}
    </>
  );
}

/**
 * The advance the owner's rule asks of this buyer for the link's cart (decision 0130's amendment), by the checkout's
 * preview, once a mobile, address and city are typed; undefined while it is asked or when none is asked.
 */
function useChatAdvance(link: ChatLinkPublic, items: { product_id: string; quantity: number; variant_id?: string }[], address: typeof EMPTY) {
  const mobile = normalizePhone(address.mobile);
  const known = link.state === 'open' && mobile !== null && address.address_line.trim() !== '' && address.city.trim() !== '';
  const { preview, pending } = useAdvancePreview(known ? { list_items: items, ...(link.voucher_code ? { voucher_code: link.voucher_code } : {}), guest_user_delivery_address: { address_line: address.address_line, city: address.city, mobile } } : null);
  return known && !pending && preview && preview.advance > 0 ? preview : undefined;
}

function ChatLines({ link }: { link: ChatLinkPublic }) {
  const t = useT(CHECKOUT_NS);
  const nameOf = useLocalName();
  return (
    <div className="grid gap-2">
      <h2 className="font-semibold text-slate-800">{t('chat.items')}</h2>
      <ul className="grid gap-2">
        {link.lines.map((l) => (
          <li key={`${l.product_id}-${l.variant_id ?? ''}`} className="flex items-center justify-between gap-3 rounded border border-slate-200 p-2 text-sm">
            <span className="grid">
              <span className="font-medium">{nameOf(l)}</span>
              <ChosenOptions chosen={l.options} />
              <span className="text-xs text-slate-600">{t('chat.quantity', { n: formatCount(l.quantity) })}</span>
            </span>
            <span className="font-medium">{formatTaka(l.unit_price * l.quantity)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
