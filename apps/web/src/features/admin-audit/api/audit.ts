import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPageReply } from '@haat/shared/schemas/audit';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

export interface AuditFilters {
  person: string;
  kind: string;
  /** Dhaka days, YYYY-MM-DD; '' for none. */
  from: string;
  to: string;
  page: number;
}

/** GET /audit (the Owner's, issue 28): a page of entries, newest first, and everyone the log names. */
export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: queryKeys.audit(filters),
    queryFn: async () => {
      const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')), page: String(filters.page) });
      return authRequest<AuditPageReply['data'], AuditPageReply>(`audit?${query.toString()}`, { cache: 'no-cache' });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
