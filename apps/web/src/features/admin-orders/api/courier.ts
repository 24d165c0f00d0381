import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookCourierInput, BookingResult, CourierProvider, CourierRules, CourierSuggestion, Place, ProviderOption } from '@haat/shared/schemas/courier';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';
import type { AdminOrder } from './getAllOrders';


/** GET /courier/providers: the couriers this shop is set up for. */
export function useCourierProviders(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.courier.providers, queryFn: async () => (await authRequest<ProviderOption[]>('courier/providers')).data, enabled, staleTime: 60_000 });
}

/** GET /courier/pathao/places: cities, or a city's zones, or a zone's areas. */
export function usePathaoPlaces(level: { city_id?: number; zone_id?: number }, enabled: boolean) {
  const qs = new URLSearchParams(Object.entries(level).filter(([, v]) => v).map(([k, v]) => [k, String(v)]));
  return useQuery({ queryKey: queryKeys.courier.places(level), queryFn: async () => (await authRequest<Place[]>(`courier/pathao/places?${qs}`)).data, enabled, staleTime: 3600_000 });
}

/** GET /order/{id}/courier: Pathao's city and zone, and the courier suggested for the address with each courier's price and delivered share. */
export function usePlaceSuggestion(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.courier.suggest(orderId),
    queryFn: async () => (await authRequest<CourierSuggestion>(`order/${encodeURIComponent(orderId)}/courier`)).data,
    enabled,
  });
}

/** GET /courier/rules: the owner's courier per district or zone, and the fallback. */
export function useCourierRules() {
  return useQuery({ queryKey: queryKeys.courier.rules, queryFn: async () => (await authRequest<CourierRules>('courier/rules')).data });
}

/** PUT /courier/rules: every rule at once. */
export function useSaveCourierRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourierRules) => authRequest<CourierRules>('courier/rules', { method: 'PUT', body: input }),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.courier.rules, res.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.courier.suggestions });
    },
  });
}

/** Puts the server's answer into the cached All Orders pages (as a status change does). */
function patchOrders(queryClient: ReturnType<typeof useQueryClient>, updated: AdminOrder[]) {
  const byId = new Map(updated.map((o) => [o._id, o]));
  queryClient.setQueriesData<{ orders: AdminOrder[]; totalPages: number }>({ queryKey: queryKeys.orders.admin }, (page) =>
    page && { ...page, orders: page.orders.map((o) => byId.get(o._id) ?? o) },
  );
}

/** POST /order/{id}/courier; answers the order with its `courier`. */
export function useBookCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: BookCourierInput }) => authRequest<AdminOrder>(`order/${encodeURIComponent(id)}/courier`, { method: 'POST', body: input }),
    onSuccess: (res) => patchOrders(queryClient, [res.data]),
  });
}

/** POST /courier/book: one result per order; the booked ones are patched in. */
export function useBulkBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderIds: string[]; provider: CourierProvider | 'suggested' }) => authRequest<BookingResult[]>('courier/book', { method: 'POST', body: input }),
    onSuccess: (res) => {
      queryClient.setQueriesData<{ orders: AdminOrder[]; totalPages: number }>({ queryKey: queryKeys.orders.admin }, (page) =>
        page && {
          ...page,
          orders: page.orders.map((o) => {
            const r = res.data.find((x) => x.orderId === o._id && x.ok);
            // A booked parcel meets the handover due time (issue 27, packages/shared/src/deadlines.ts).
            return r ? { ...o, courier: r.courier, deadlines: o.deadlines?.map((d) => (d.kind === 'handover' ? { ...d, met: true, overdue: false } : d)) } : o;
          }),
        },
      );
      // Orders the courier could not take yet were queued (decision 0080): their cards are read again to show it.
      if (res.data.some((r) => r.code === 'COURIER_BOOKING_QUEUED')) void queryClient.invalidateQueries({ queryKey: queryKeys.orders.admin });
    },
  });
}
