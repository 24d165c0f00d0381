import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../../../lib/catalogue';

/**
 * A mutation hook for an admin catalogue write: on success every catalogue
 * query (the shop's and the admin's lists) is refetched when next shown.
 */
export function useCatalogueWrite<TInput, TResult>(write: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }) });
}
