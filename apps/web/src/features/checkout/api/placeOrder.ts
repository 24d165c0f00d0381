import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPayload, OrderView } from '@haat/shared/schemas/order';
import { request } from '@/lib/api';
import { holdForPayment, removeFromGuestCart } from '@/state/guestCart';
import { authRequest, isSignedIn } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** POST /order. The Idempotency-Key makes a repeated submit answer the first order. */
export async function placeOrder(payload: OrderPayload, idempotencyKey: string) {
  const opts = { method: 'POST' as const, body: payload, headers: { 'Idempotency-Key': idempotencyKey } };
  return isSignedIn() ? authRequest<OrderView>('order', opts) : request<OrderView>('order', opts);
}

/**
 * After an order (spec §4): what was bought leaves the guest cart (a cart order
 * empties it; Buy Now keeps the other lines) and the cart and orders are fetched again.
 * An order still to be paid on bKash's page keeps the cart until bKash confirms
 * the payment (OrderSuccessPage): a cancelled payment leaves the cart as it was.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // lineKeys: the guest cart's names of the lines ordered (product and variant).
    mutationFn: ({ payload, key }: { payload: OrderPayload; key: string; lineKeys: string[] }) => placeOrder(payload, key),
    onSuccess: async (res, { lineKeys }) => {
      if (res.data.payment_url ?? res.data.bkashURL) holdForPayment(lineKeys);
      else removeFromGuestCart(lineKeys);
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.cart.all }), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })]);
    },
  });
}
