import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import type { Product } from '@haat/shared/schemas/catalogue';
import { errorMessage } from '@/lib/api';
import { productDetailsQuery } from '@/lib/catalogue';
import { toast } from '@/lib/toast';
import { messagesReady, translateMessage, useServerMessages } from '@/i18n/messages';
import { useLocalName } from '@/i18n/localName';
import { formatCount } from '@/i18n/format';
import { useCart } from '@/state/cart';
import { useDeliverySettings } from '@/state/delivery';
import { useHydrated } from '@/lib/hydrated';
import { purchaseLine, readPurchaseParams, withoutPurchaseParams, type PurchaseProblem } from '@/state/purchaseParams';
import type { CheckoutState } from './PurchaseActions';
import { COMPONENTS_NS } from './locales';

/**
 * The product page's Add To Cart or Buy Now when it came as a plain form before the page's scripts ran
 * (issue 39, docs/decisions/0088): /cart?add=…&variant=…&qty=… or /checkout?add=…. The server's markup
 * (and a browser without JavaScript) says which product is on its way and that the page must finish
 * loading; once the scripts run, the line goes where the button would have put it (the guest cart, or
 * the signed-in shopper's server cart; Buy Now: checkout's navigation state), the fields leave the URL
 * first (a reload adds nothing twice), and the toast says what happened.
 */
export function PurchaseFromUrl({ target }: { target: 'cart' | 'checkout' }) {
  const t = useT(COMPONENTS_NS);
  useServerMessages();
  const nameOf = useLocalName();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { add } = useCart();
  const { data: deliverySettings } = useDeliverySettings();
  const read = readPurchaseParams(params);
  const intent = read && 'intent' in read ? read.intent : null;
  // A public catalogue read: the server runs it too, so its markup can name the product.
  const productQuery = useQuery({ ...productDetailsQuery(intent?.productId ?? ''), enabled: intent !== null });
  const product = productQuery.data;
  // A failed read is not in the server's data block: until hydrated, both sides say "on its way".
  const hydrated = useHydrated();
  const line = intent && product ? purchaseLine(product, intent) : null;
  const problem: PurchaseProblem | null =
    read && 'problem' in read ? read.problem : intent && productQuery.isError && hydrated ? { kind: 'unknownProduct' } : line && 'problem' in line ? line.problem : null;
  const ready = line && 'product' in line ? line : null;

  // Once per URL: StrictMode runs an effect twice, and the fields leave the URL only after this render.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!read || handled.current === location.search) return;
    if (!problem && !ready) return; // the product is still loading
    handled.current = location.search;
    const rest = { pathname: location.pathname, search: withoutPurchaseParams(location.search), hash: location.hash };
    if (problem) {
      // A schema's refusal is a message: in Bangla, its tables first (decision 0089).
      const text = () => problemText(problem);
      if (problem.kind === 'invalid') void messagesReady().then(() => toast.error(text()));
      else toast.error(text());
      navigate(rest, { replace: true, state: location.state });
      return;
    }
    if (target === 'checkout') {
      // As Buy Now navigates with scripts: checkout orders only this line.
      const state: CheckoutState = { product: ready!.product, quantity: ready!.quantity, deliverySettings };
      navigate(rest, { replace: true, state });
      return;
    }
    navigate(rest, { replace: true, state: location.state });
    add.mutate(ready!, {
      onSuccess: (res) => toast.success(translateMessage(res.message)),
      onError: (err) => toast.error(errorMessage(err)),
    });
  });

  function problemText(p: PurchaseProblem): string {
    if (p.kind === 'invalid') return t('purchaseInvalid', { reason: translateMessage(p.message) });
    if (p.kind === 'unknownProduct') return t('purchaseUnknownProduct');
    const name = nameOf(p.product);
    if (p.kind === 'chooseOptions') return t('purchaseChoose', { name });
    if (p.kind === 'unknownVariant') return t('purchaseUnknownVariant', { name });
    if (p.kind === 'soldOut') return t('purchaseSoldOut', { name });
    return t('purchaseTooMany', { name, max: formatCount(p.max) });
  }

  if (problem) {
    const about = 'product' in problem ? problem.product : null;
    return (
      <div role="alert" className="m-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="purchase-notice">
        <p>{problemText(problem)}</p>
        {about && <ProductLink product={about} text={t('purchaseBackToProduct')} />}
      </div>
    );
  }
  // The fields left the URL and the cart's add is on its way (a signed-in shopper's goes to the server).
  const adding = intent ? (product ?? null) : add.isPending ? (add.variables?.product ?? null) : null;
  if (!intent && !adding) return null;
  const name = adding ? nameOf(adding) : '';
  return (
    <div role="status" className="m-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-800" data-testid="purchase-notice">
      <p className="font-semibold">
        {target === 'checkout' ? (name ? t('purchaseBuying', { name }) : t('purchaseBuyingSome')) : name ? t('purchaseAdding', { name }) : t('purchaseAddingSome')}
      </p>
      {/* Read only before the scripts run (or without them): after, the line is added at once. */}
      {intent && <p>{t('purchaseWait')}</p>}
    </div>
  );
}

function ProductLink({ product, text }: { product: Pick<Product, '_id'>; text: string }) {
  return (
    <Link to={paths.product({ _id: product._id })} className="mt-1 inline-block font-semibold underline">
      {text}
    </Link>
  );
}
