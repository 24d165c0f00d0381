import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob } from '@haat/shared/schemas/jobs';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** GET /jobs/failed: background jobs that failed after their last attempt (issue 24, decision 0073). */
export function useFailedJobs() {
  return useQuery({ queryKey: queryKeys.failedJobs, queryFn: async () => (await authRequest<FailedJob[]>('jobs/failed', { cache: 'no-cache' })).data, staleTime: 0 });
}

/** POST /jobs/:id/retry: the job is queued again with fresh attempts. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await authRequest<{ id: string }>(`jobs/${id}/retry`, { method: 'POST' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.failedJobs }),
  });
}
