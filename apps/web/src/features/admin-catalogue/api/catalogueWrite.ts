import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/queryKeys';

/**
 * A mutation hook for an admin catalogue write: afterwards every catalogue
 * query (the shop's and the admin's lists) is refetched when next shown, also
 * after a failure (a 409 'the stock changed' means the list is out of date).
 */
export function useCatalogueWrite<TInput, TResult>(write: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.all }) });
}
