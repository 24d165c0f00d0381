import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@haat/shared/api';
import type { ReturnState } from '@haat/shared/returns';
import type { GuestOrderInput, RefundRequestInput, ReturnDecision, Returnable, ReturnRequestInput, ReturnView } from '@haat/shared/schemas/returns';
import { request } from '@/lib/api';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** What the web sends for a return: the request, up to three photos, and the page's language (its SMS follow it). */
export interface ReturnSubmission {
  request: ReturnRequestInput;
  photos: File[];
  lang: string;
}

function formOf(s: ReturnSubmission, guest?: GuestOrderInput): FormData {
  const form = new FormData();
  form.append('request', JSON.stringify(s.request));
  for (const p of s.photos) form.append('photos', p);
  form.append('lang', s.lang.startsWith('bn') ? 'bn' : 'en');
  if (guest) {
    form.append('orderId', guest.orderId);
    form.append('mobile', guest.mobile);
  }
  return form;
}

/** GET /order/{id}/returnable: the signed-in shopper's order, what may still go back. */
export function useReturnable(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.returns.returnable(orderId),
    queryFn: async () => (await authRequest<Returnable>(`order/${encodeURIComponent(orderId)}/returnable`)).data,
    enabled,
    staleTime: 0,
  });
}

/** POST /order/{id}/returns (signed in) or /track/returns (a guest, by order number and mobile). */
export function useRequestReturn(orderId: string, guest?: GuestOrderInput) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: ReturnSubmission) =>
      guest
        ? request<ReturnView>('track/returns', { method: 'POST', body: formOf(s, guest) })
        : authRequest<ReturnView>(`order/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body: formOf(s) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.returns.all }),
  });
}

/** POST /track/returnable: a guest's order by number and mobile. */
export function useGuestReturnable(guest: GuestOrderInput | null) {
  return useQuery({
    queryKey: queryKeys.returns.guest(guest?.orderId ?? '', guest?.mobile ?? ''),
    queryFn: async () => (await request<Returnable>('track/returnable', { method: 'POST', body: guest })).data,
    enabled: guest !== null,
    retry: false,
    staleTime: 0,
  });
}

/** The owner's: one order's returns, or every return by state. */
export function useOrderReturns(orderId: string) {
  return useQuery({
    queryKey: queryKeys.returns.ofOrder(orderId),
    queryFn: async () => (await authRequest<ReturnView[]>(`order/${encodeURIComponent(orderId)}/returns`, { cache: 'no-cache' })).data,
  });
}

/** GET /returns: pages of RETURNS_PAGE_SIZE, newest first; the next page after the last page's next_cursor. */
export function useReturnsList(state: ReturnState | 'all') {
  return useInfiniteQuery({
    queryKey: queryKeys.returns.list(state),
    initialPageParam: '',
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ ...(state !== 'all' && { state }), ...(pageParam && { cursor: pageParam }) }).toString();
      return authRequest<ReturnView[], ApiResponse<ReturnView[]> & { next_cursor: string | null }>(`returns${query ? `?${query}` : ''}`, { cache: 'no-cache' });
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

type OwnerStep =
  | { kind: 'decision'; body: ReturnDecision }
  | { kind: 'receive'; body: { items?: { item_id: string; quantity: number }[]; refund_instead?: boolean } }
  | { kind: 'refund'; body: RefundRequestInput };

/** The owner's steps on a return (decide, receive, refund): each answers the return, and the lists are read again. */
export function useReturnStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OwnerStep) => authRequest<ReturnView>(`returns/${encodeURIComponent(id)}/${step.kind}`, { method: 'POST', body: step.body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.returns.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}

/** GET / PUT /return-window: the shop's return window in days. */
export function useReturnWindow() {
  return useQuery({ queryKey: queryKeys.returns.window, queryFn: async () => (await request<{ days: number }>('return-window')).data });
}

export function useSaveReturnWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => authRequest<{ days: number }>('return-window', { method: 'PUT', body: { days } }),
    onSuccess: (res) => queryClient.setQueryData(queryKeys.returns.window, res.data),
  });
}
