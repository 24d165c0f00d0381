import { useMutation } from '@tanstack/react-query';
import type { ComplaintInput } from '@haat/shared/schemas/complaint';
import { request } from '@/lib/api';

/** POST /complaint: anyone may complain; the answer says when the shop will have acted. */
export function useFileComplaint() {
  return useMutation({
    mutationFn: async (input: ComplaintInput) => (await request<{ _id: string; dueAt: string }>('complaint', { method: 'POST', body: input })).data,
  });
}
