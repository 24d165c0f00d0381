import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffEmailInput, StaffInviteInput, StaffMember, StaffUpdateInput } from '@haat/shared/schemas/staff';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** GET /staff: the shop's staff (Owner, issue 28). */
export function useStaff() {
  return useQuery({ queryKey: queryKeys.staff, queryFn: async () => (await authRequest<StaffMember[]>('staff')).data });
}

/** POST /staff/invite: makes the account with the role; the person is e-mailed a sign-in code. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StaffInviteInput) => (await authRequest<StaffMember>('staff/invite', { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}

/** PATCH /staff/:id: a new role, or a disable; the server ends the person's sessions. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: StaffUpdateInput & { id: string }) => (await authRequest<StaffMember>(`staff/${id}`, { method: 'PATCH', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}

/**
 * POST /staff/:id/email: a second way in for a staff member invited by mobile (decision 0096): the
 * e-mail is set and sent a sign-in code; refused for one who has an e-mail or an address taken.
 */
export function useAddStaffEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: StaffEmailInput & { id: string }) => (await authRequest<StaffMember>(`staff/${id}/email`, { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}
