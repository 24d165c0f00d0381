import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { deliverySettingsQuery } from '@/state/delivery';
import { offersQuery } from '@/state/promotions';

/**
 * What a storefront route reads that is the same for every guest (the catalogue, the shop's details), declared
 * beside the route in the one route table (issue 40, decision 0094). The server runs the matched routes' reads
 * before its one render of the page; in the browser each page fetches its own as before (a read awaited there
 * would hold the old page on screen).
 */
export type PageReads = (read: PageRead, at: { params: Params; url: URL }) => Promise<unknown>;

/** A route's `handle` (React Router keeps it on the match). */
export interface PageHandle {
  reads?: PageReads;
}

/** Fetches for the page being rendered, once (a failed read is left to the browser): the answer, or undefined. */
export interface PageRead {
  query<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<TData | undefined>;
  infinite<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
    options: FetchInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
  ): Promise<void>;
}

/** The reads of every matched route, side by side, into `queryClient`. */
export function runPageReads(queryClient: QueryClient, matches: readonly { params: Params; route: { handle?: unknown } }[], url: URL): Promise<unknown> {
  const read: PageRead = {
    query: (options) => queryClient.fetchQuery({ ...options, retry: false }).catch(() => undefined),
    infinite: (options) => queryClient.prefetchInfiniteQuery({ ...options, retry: false }),
  };
  return Promise.all(matches.map(({ params, route }) => (route.handle as PageHandle | undefined)?.reads?.(read, { params, url })));
}

/** What every product surface reads besides its products: the delivery fee's "free" and the offers' badges. */
export const productSurfaceReads = (read: PageRead) => Promise.all([read.query(deliverySettingsQuery), read.query(offersQuery)]);
