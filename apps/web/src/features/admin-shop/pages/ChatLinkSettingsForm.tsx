import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { chatLinkSettingsSchema, type ChatLinkSettings } from '@haat/shared/schemas/chat-link';
import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { authRequest } from '@/lib/session';
import { ADMIN_SHOP_NS } from '../locales';

const KEY = ['chat-links', 'settings'];
type Values = { hours: string | number };

/** How long a chat order's checkout link lasts (decisions 0118, 0131): the shared rule checks it here and on the server, which audits the save. */
export function ChatLinkSettingsSection() {
  const t = useT(ADMIN_SHOP_NS, 'chatLinks');
  const { data, error } = useQuery({ queryKey: KEY, queryFn: async () => (await authRequest<ChatLinkSettings>('chat-links/settings')).data });
  return (
    <section className="grid gap-3" aria-labelledby="chat-links-title">
      <h2 id="chat-links-title" className="text-lg font-semibold text-slate-800">{t('title')}</h2>
      <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      {error ? <p role="alert" className="text-red-700">{errorMessage(error)}</p> : !data ? <Spinner className="h-8 w-8" /> : <ChatLinkSettingsForm current={data} />}
    </section>
  );
}

function ChatLinkSettingsForm({ current }: { current: ChatLinkSettings }) {
  const t = useT(ADMIN_SHOP_NS, 'chatLinks');
  const tAll = useT(ADMIN_SHOP_NS);
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, reset } = useForm<Values>({ resolver: formResolver<Values>(chatLinkSettingsSchema), defaultValues: current });
  const save = useMutation({
    mutationFn: (body: ChatLinkSettings) => authRequest<ChatLinkSettings>('chat-links/settings', { method: 'PUT', body }),
    onSuccess: (res) => {
      queryClient.setQueryData(KEY, res.data);
      reset(res.data);
      toast.success(translateMessage(res.message));
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  // The resolver hands over the fields as typed; the shared rule gives the number. A refusal is the toast above.
  const onValid = (values: Values) => save.mutateAsync(chatLinkSettingsSchema.parse(values)).catch(() => undefined);
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="grid max-w-xl gap-4">
      <TextField label={t('hours')} id="chat-link-hours" digits error={formState.errors.hours?.message} {...register('hours')} />
      <SubmitButton loading={save.isPending}>{tAll('save')}</SubmitButton>
    </form>
  );
}
