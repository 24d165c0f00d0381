import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@haat/shared/api';
import type { CourierRate, PayoutDetail, ResolveInput, SettledParcel, SettlementOverview, StatementReport } from '@haat/shared/schemas/settlements';
import { ApiError } from '@/lib/api';
import { authDownload, authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** GET /settlements: owed by each courier with its ageing, the exceptions first, the payouts, the rate card (issue 44). */
export function useSettlements() {
  return useQuery({ queryKey: queryKeys.settlements.all, queryFn: async () => (await authRequest<SettlementOverview>('settlements', { cache: 'no-cache' })).data, staleTime: 0 });
}

/** GET /settlements/payouts/:id: one payout's parcels, when the owner opens it. */
export function usePayout(id: string, open: boolean) {
  return useQuery({ queryKey: queryKeys.settlements.payout(id), queryFn: async () => (await authRequest<PayoutDetail>(`settlements/payouts/${encodeURIComponent(id)}`, { cache: 'no-cache' })).data, enabled: open });
}

function useSettlementWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlements.all }) });
}

/** POST /settlements/resolve { provider, consignmentId, note }. */
export function useResolve() {
  return useSettlementWrite(async (input: ResolveInput) => (await authRequest<SettledParcel>('settlements/resolve', { method: 'POST', body: input })).data);
}

/** PUT /settlements/rates { rates }. */
export function useSaveRates() {
  return useSettlementWrite(async (rates: CourierRate[]) => (await authRequest<CourierRate[]>('settlements/rates', { method: 'PUT', body: { rates } })).data);
}

/** POST /settlements/pull: Steadfast's payouts read now. */
export function usePull() {
  return useSettlementWrite(async () => (await authRequest<{ payouts: number; lines: number }>('settlements/pull', { method: 'POST' })).data);
}

export interface StatementUpload {
  file: File;
  fields: Record<string, string>;
  dryRun: boolean;
}

/** POST /settlements/statement (multipart). A refused apply (400) carries the report: it is answered, not thrown. */
async function uploadStatement({ file, fields, dryRun }: StatementUpload): Promise<ApiResponse<StatementReport>> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) body.append(name, value);
  body.append('file', file);
  try {
    return await authRequest<StatementReport>(`settlements/statement${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body });
  } catch (err) {
    const answer = err instanceof ApiError ? (err.body as ApiResponse<StatementReport> | null) : null;
    if (answer?.data && Array.isArray(answer.data.errors)) return answer;
    throw err;
  }
}

export function useUploadStatement() {
  return useSettlementWrite(uploadStatement);
}

/** GET /settlements/export.csv: the accounting export, saved by the browser. */
export async function downloadAccounts(period: 'daily' | 'monthly', from: string, to: string): Promise<void> {
  const blob = await authDownload(`settlements/export.csv?period=${period}&from=${from}&to=${to}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `haat-accounts-${period}-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
