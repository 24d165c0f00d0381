import { FaRegCircleUser } from 'react-icons/fa6';
import { imageSrcSet } from '@haat/shared/images';
import { useT } from '@/i18n';
import { ACCOUNT_NS } from '../locales';

/** The user's avatar, or the user icon when there is none. */
export function UserAvatar({ url, name, size = 40 }: { url?: string | null; name?: string; size?: number }) {
  const t = useT(ACCOUNT_NS, 'avatar');
  if (!url) return <FaRegCircleUser aria-hidden style={{ width: size, height: size }} className="text-slate-500" />;
  return (
    <img
      src={url}
      srcSet={imageSrcSet(url)}
      sizes={`${size}px`}
      alt={name ? t('altOf', { name }) : t('alt')}
      width={size}
      height={size}
      className="rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  );
}
