import { useState } from 'react';
import toast from 'react-hot-toast';
import { currentLang, useT } from '@/i18n';
import { localName } from '@/i18n/localName';
import { errorMessage } from '@/lib/api';
import type { ChatLinkView } from '@haat/shared/schemas/chat-link';
import { createChatLink, getChatLink, refreshChatLink, textChatLink } from '../api/chatLinks';
import type { NewOrderForm } from './useNewOrderForm';
import { ADMIN_ORDERS_NS } from '../locales';

/**
 * The phone-order page's checkout link (issue 45, decision 0118): the lines, voucher, buyer's name and mobile as
 * staff entered them, made into a link the buyer confirms; then refreshed, texted or its state read again.
 */
export function useChatLink(form: NewOrderForm) {
  const t = useT(ADMIN_ORDERS_NS);
  const [link, setLink] = useState<ChatLinkView | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<{ data: ChatLinkView }>, done?: string) => {
    setBusy(true);
    try {
      setLink((await work()).data);
      if (done) toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const make = () => {
    const unchosen = form.lines.find((l) => (l.product.options?.length ?? 0) > 0 && !l.variant);
    if (unchosen) {
      toast.error(t('newOrder.chooseVariant', { options: unchosen.product.options!.map((o) => localName(o, currentLang())).join(', '), name: localName(unchosen.product, currentLang()) }));
      return;
    }
    const { name, mobile } = form.customer;
    return run(() => createChatLink({ customer: { name, mobile }, list_items: form.orderLines, note: form.note, ...(form.voucher ? { voucher_code: form.voucher } : {}) }));
  };
  return {
    link,
    busy,
    make,
    refresh: () => link && run(() => refreshChatLink(link._id), t('chatLink.refreshed')),
    text: () => link && run(() => textChatLink(link._id), t('chatLink.smsSent')),
    reload: () => link && run(() => getChatLink(link._id)),
  };
}

export type ChatLinkState = ReturnType<typeof useChatLink>;
