import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OtpSent } from '@haat/shared/schemas/auth';
import type { AdminReview, AdminReviewList, OwnReview, ReviewableLine, ReviewPage, ReviewSettings, ReviewSort } from '@haat/shared/schemas/reviews';
import { request } from '@/lib/api';
import { queryPath } from '@/lib/catalogue';
import { queryKeys } from '@/lib/queryKeys';
import { authRequest } from '@/lib/session';

/** GET reviews/product/{id}: the summary, the newest photos and a page of 10 (issue 47). The product page's server render reads page 1 by newest. */
export const productReviewsQuery = (productId: string, sort: ReviewSort = 'newest', page = 1) =>
  queryOptions({
    queryKey: queryKeys.catalogue.reviews(productId, sort, page),
    queryFn: async () => (await request<ReviewPage>(queryPath(`reviews/product/${encodeURIComponent(productId)}`, { sort: sort === 'newest' ? undefined : sort, page: page === 1 ? undefined : page }))).data,
    retry: (count, err) => count < 1 && (err as { status?: number }).status !== 404,
  });

/** The request of a signed-in shopper, or of a guest carrying the proof of a mobile. */
const buyerRequest = <T>(path: string, signedIn: boolean, opts: Parameters<typeof request>[1] = {}) => (signedIn ? authRequest<T>(path, opts) : request<T>(path, opts));

/** "Helpful": a signed-in shopper's by the account, a guest's by the browser's cookie (decision 0132). */
export function useHelpfulVote(productId: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) => buyerRequest<{ helpful: number; voted: boolean }>(`reviews/${encodeURIComponent(reviewId)}/helpful`, signedIn, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.reviewsOf(productId) }),
  });
}

/** GET reviews/mine: the delivered lines of the buyer (by account, or by the proof of the order's mobile). */
export function useReviewable(proof: string, signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.reviews.mine(signedIn ? `user:${proof}` : proof),
    queryFn: async () => (await buyerRequest<ReviewableLine[]>(queryPath('reviews/mine', { proof: proof || undefined }), signedIn)).data,
    enabled: signedIn || proof !== '',
    retry: false,
    staleTime: 0,
  });
}

export interface ReviewSubmission {
  order_item_id: string;
  rating: number;
  body: string;
  photos: File[];
}

export function useWriteReview(proof: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: ReviewSubmission) => {
      const form = new FormData();
      form.append('review', JSON.stringify({ order_item_id: s.order_item_id, rating: s.rating, body: s.body }));
      for (const p of s.photos) form.append('photos', p);
      if (proof) form.append('proof', proof);
      return buyerRequest<OwnReview>('reviews', signedIn, { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}

export interface ReviewEditSubmission {
  id: string;
  rating: number;
  body: string;
  /** The review's photos to keep (the others are removed). */
  photos: string[];
}

/** PATCH reviews/{id}: stars, text and kept photos, within the edit window. */
export function useEditReview(proof: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...edit }: ReviewEditSubmission) => buyerRequest<OwnReview>(`reviews/${encodeURIComponent(id)}`, signedIn, { method: 'PATCH', body: { ...edit, ...(proof && { proof }) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}

export const sendReviewCode = (mobile: string) => request<OtpSent>('reviews/code', { method: 'POST', body: { mobile } });
export const verifyReviewCode = async (mobile: string, otp: string) => (await request<{ proof: string; expires_at: string }>('reviews/verify', { method: 'POST', body: { mobile, otp } })).data;

/** The owner's list: pending (new) first, newest first; numbered pages of 20. */
export function useAdminReviews(status: 'pending' | 'published' | 'hidden', page: number) {
  return useQuery({
    queryKey: queryKeys.reviews.admin(status, page),
    queryFn: async () => (await authRequest<AdminReviewList>(queryPath('reviews', { status, page: page === 1 ? undefined : page }), { cache: 'no-cache' })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type Moderation = { id: string; action: 'publish' } | { id: string; action: 'hide'; reason: string } | { id: string; action: 'reply'; reply: string };

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...rest }: Moderation) => {
      const { action } = rest;
      const body = rest.action === 'hide' ? { reason: rest.reason } : rest.action === 'reply' ? { reply: rest.reply } : undefined;
      return authRequest<AdminReview>(`reviews/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}

export function useReviewSettings() {
  return useQuery({ queryKey: queryKeys.reviews.settings, queryFn: async () => (await authRequest<ReviewSettings>('review-settings', { cache: 'no-cache' })).data, staleTime: 0 });
}

export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: ReviewSettings) => authRequest<ReviewSettings>('review-settings', { method: 'PUT', body: s }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.settings }),
  });
}

export interface ReviewAttention {
  lowest: { product_id: string; name: string; name_bn: string; average: number; count: number }[];
  unanswered: AdminReview[];
}

export function useReviewAttention() {
  return useQuery({ queryKey: queryKeys.reviews.attention, queryFn: async () => (await authRequest<ReviewAttention>('reviews/attention', { cache: 'no-cache' })).data, staleTime: 0 });
}
