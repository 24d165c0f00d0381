import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Synonyms, SynonymsInput } from '@haat/shared/schemas/search-synonyms';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** GET /search/synonyms: the shop's synonym groups (ADMIN). */
export function useSearchSynonyms() {
  return useQuery({
    queryKey: queryKeys.searchSynonyms,
    queryFn: async () => (await authRequest<Synonyms>('search/synonyms')).data,
  });
}

/** PUT /search/synonyms { groups }: replaces every group; the answer is the list as stored. */
export function useSaveSearchSynonyms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SynonymsInput) => (await authRequest<Synonyms>('search/synonyms', { method: 'PUT', body: input })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.searchSynonyms, saved);
      // Searches answer differently now.
      return queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.products });
    },
  });
}
