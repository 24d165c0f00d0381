import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdvancePreview, AdvancePreviewInput } from '@haat/shared/schemas/order';
import { request } from '@/lib/api';
import { authRequest, isSignedIn } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** The address part of an order's body: a signed-in shopper's saved address by id, a guest's carried whole (spec §3). */
export type OrderAddress = Pick<AdvancePreviewInput, 'addressId' | 'guest_user_delivery_address'>;

async function fetchAdvancePreview(body: AdvancePreviewInput): Promise<AdvancePreview> {
  const opts = { method: 'POST' as const, body };
  return (isSignedIn() ? await authRequest<AdvancePreview>('order/advance', opts) : await request<AdvancePreview>('order/advance', opts)).data;
}

/**
 * What a cash-on-delivery order of these lines to this address pays now by bKash and on delivery (issue 44,
 * decision 0130): the server's own rule, asked once an address is chosen and again when the lines, code or address
 * change. Undefined until it answers (or with no address); the checkout then shows no split. The phone-order page
 * asks it with the buyer's address (staff are signed in; the address goes whole).
 */
export function useAdvancePreview(body: AdvancePreviewInput | null) {
  const query = useQuery({
    queryKey: queryKeys.checkout.advance(body),
    queryFn: () => fetchAdvancePreview(body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  return { preview: query.data, pending: query.isPlaceholderData || query.isFetching };
}
