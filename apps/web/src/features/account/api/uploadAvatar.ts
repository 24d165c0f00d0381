import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '../../../lib/session';
import { currentUserQuery } from '../../../lib/user';

export const uploadAvatar = (file: File) => {
  const form = new FormData();
  form.append('avatar', file);
  return authRequest<{ avatar: string }>('user/upload-avatar', { method: 'PUT', body: form });
};

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
