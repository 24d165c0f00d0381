import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@haat/shared/paths';
import type { RecoveredCheckout } from '@haat/shared/schemas/recovery';
import { chosenOptions } from '@haat/shared/variant-words';
import { useT } from '@/i18n';
import { usePageTitle } from '@/i18n/pageTitle';
import { errorMessage } from '@/lib/api';
import { productDetailsQuery } from '@/lib/catalogue';
import { useAddresses, useAddressMutations } from '@/state/addresses';
import { useCart } from '@/state/cart';
import { setVoucherCode } from '@/state/promotions';
import { openRecovery, useStopRecovery } from '../api/recovery';
import { RECOVERY_NS } from '../locales';

type Line = RecoveredCheckout['lines'][number];

/**
 * /recover/:token (issue 45, decision 0117): a checkout recovery SMS's link, on any device. The cart's lines come back
 * (those not in the cart already), with the typed address for a guest and the SMS's voucher; then the checkout is one
 * tap away. The same page stops the SMS.
 */
export function RecoverPage() {
  const t = useT(RECOVERY_NS);
  usePageTitle(t('title'));
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const cart = useCart();
  const { addresses, isLoading: addressesLoading } = useAddresses();
  const { add: addAddress } = useAddressMutations();
  const stop = useStopRecovery();
  const [state, setState] = useState<{ done: false; error?: string } | { done: true; voucher: string | null }>({ done: false });
  const started = useRef(false);

  const restoreLine = async (line: Line) => {
    if (cart.lines.some((l) => l.productId === line.product_id && (l.variantId ?? '') === (line.variant_id ?? ''))) return;
    const product = await queryClient.fetchQuery(productDetailsQuery(line.product_id)).catch(() => null);
    if (!product) return;
    const variant = line.variant_id ? product.variants?.find((v) => v._id === line.variant_id) : undefined;
    const shown = variant ?? product;
    await cart.add.mutateAsync({
      product: { _id: product._id, name: product.name, name_bn: product.name_bn, unit: product.unit, image: product.image, price: shown.price, discount: shown.discount, stock: shown.stock, quantity: product.quantity, ...(variant ? { variant_id: variant._id, chosen: chosenOptions(product.options ?? [], variant.values) } : {}) },
      quantity: line.quantity,
    }).catch(() => null);
  };

  useEffect(() => {
    if (started.current || addressesLoading) return;
    started.current = true;
    void (async () => {
      try {
        const found = await openRecovery(token);
        for (const line of found.lines) await restoreLine(line);
        const typed = found.name && found.address_line && found.city;
        if (typed && !addresses.some((a) => a.mobile === found.mobile && a.address_line === found.address_line)) {
          await addAddress({ name: found.name, address_line: found.address_line, city: found.city, mobile: found.mobile }).catch(() => null);
        }
        if (found.voucher_code) setVoucherCode(found.voucher_code);
        setState({ done: true, voucher: found.voucher_code });
      } catch (err) {
        setState({ done: false, error: errorMessage(err) });
      }
    })();
    // Once, when the addresses are known: a second run would add the lines twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressesLoading]);

  return (
    <section className="mx-auto my-6 grid max-w-lg gap-4 p-4">
      <h1 className="text-xl font-semibold text-slate-800">{t('title')}</h1>
      {!state.done && !state.error && <p role="status">{t('opening')}</p>}
      {!state.done && state.error && (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
          {state.error}
        </p>
      )}
      {state.done && (
        <>
          <p role="status" className="rounded bg-brand-50 p-3 text-brand-800">
            {t('restored')}
          </p>
          {state.voucher && <p className="text-sm text-slate-700">{t('voucher', { code: state.voucher })}</p>}
          <Link to={paths.checkout()} className="rounded-lg bg-brand-600 px-4 py-3 text-center font-semibold text-white">
            {t('checkout')}
          </Link>
        </>
      )}
      <div className="grid gap-2 border-t border-slate-200 pt-4 text-sm">
        {stop.isSuccess ? (
          <p role="status">{t('stopped')}</p>
        ) : (
          <>
            <p className="text-slate-600">{t('stopIntro')}</p>
            <button type="button" className="justify-self-start rounded border border-slate-300 px-3 py-2" onClick={() => stop.mutate(token)} disabled={stop.isPending}>
              {stop.isPending ? t('stopping') : t('stop')}
            </button>
            {stop.isError && (
              <p role="alert" className="text-red-700">
                {errorMessage(stop.error)}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
