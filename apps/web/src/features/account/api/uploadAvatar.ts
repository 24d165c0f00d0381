import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarView } from '@haat/shared/schemas/user';
import type { UploadOptions } from '@/components/UploadProgress';
import { authRequest } from '@/lib/session';
import { currentUserQuery } from '@/state/user';

export const uploadAvatar = ({ file, upload }: { file: File; upload?: UploadOptions }) => {
  const form = new FormData();
  form.append('avatar', file);
  return authRequest<AvatarView>('user/upload-avatar', { method: 'PUT', body: form, ...upload });
};

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
