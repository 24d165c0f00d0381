import toast from 'react-hot-toast';
import { currentLang, useT } from '@/i18n';
import { formatDhaka } from '@haat/shared/dhaka-time';
import type { ChatLinkView } from '@haat/shared/schemas/chat-link';
import { QrCode } from '../QrCode';
import type { ChatLinkState } from '../../hooks/useChatLink';
import { ADMIN_ORDERS_NS } from '../../locales';

const buttonClass = 'rounded border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50';

/** WhatsApp's own link to a chat with the buyer's number (01… as 8801…), the checkout link typed in. */
const whatsappUrl = (link: ChatLinkView) => `https://wa.me/${link.mobile ? `88${link.mobile}` : ''}?text=${encodeURIComponent(link.url)}`;

/** What the link is now, in the page's words. */
function LinkState({ link }: { link: ChatLinkView }) {
  const t = useT(ADMIN_ORDERS_NS);
  const tone = link.state === 'open' ? 'text-slate-700' : link.state === 'used' ? 'text-green-700' : 'text-red-700';
  return (
    <p role="status" className={`text-sm font-medium ${tone}`}>
      {link.state === 'used' ? t('chatLink.state.used', { order: link.order_number ?? '' }) : t(`chatLink.state.${link.state}`)}
    </p>
  );
}

/**
 * The phone-order page's checkout link (issue 45): the button that makes it of the cart on the page, then the link,
 * its QR (drawn here from the dashboard's own chunk: nothing for a shopper's first visit), copy, WhatsApp, SMS and refresh.
 */
export function ChatLinkPanel({ chat }: { chat: ChatLinkState }) {
  const t = useT(ADMIN_ORDERS_NS);
  const { link } = chat;
  const copy = async () => {
    await navigator.clipboard?.writeText(link!.url).catch(() => {});
    toast.success(t('chatLink.copied'));
  };
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <p className="text-sm text-slate-600">{t('chatLink.intro')}</p>
      <button type="button" onClick={chat.make} disabled={chat.busy} className={`justify-self-start ${buttonClass}`}>
        {chat.busy && !link ? t('chatLink.making') : t('chatLink.make')}
      </button>
      {link && (
        <div className="grid gap-2" data-testid="chat-link">
          <label className="grid gap-1 text-sm font-medium text-slate-700">
            {t('chatLink.link')}
            <input readOnly value={link.url} className="rounded border border-slate-300 px-2 py-1.5 font-mono text-xs" onFocus={(e) => e.target.select()} />
          </label>
          <div className="flex flex-wrap items-start gap-3">
            <QrCode value={link.url} size={144} label={t('chatLink.qr')} />
            <div className="grid gap-2">
              <LinkState link={link} />
              <p className="text-xs text-slate-500">{t('chatLink.expires', { time: formatDhaka(link.expires_at, currentLang()) })}</p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass} onClick={copy}>{t('chatLink.copy')}</button>
                <a className={buttonClass} href={whatsappUrl(link)} target="_blank" rel="noreferrer">{t('chatLink.whatsapp')}</a>
                <button type="button" className={buttonClass} onClick={chat.text} disabled={chat.busy || !link.mobile || link.state !== 'open'}>{t('chatLink.sms')}</button>
                <button type="button" className={buttonClass} onClick={chat.refresh} disabled={chat.busy || link.state === 'used'}>{t('chatLink.refresh')}</button>
              </div>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
