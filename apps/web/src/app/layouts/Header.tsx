import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { Link } from 'react-router';
import { AccountMenu } from '@/features/account';
import { CartButton } from '@/features/cart';
import { SearchBar } from '@/features/search';
import { COMMON_NS } from '@/i18n/common.locales';
import { LanguageToggle } from '@/i18n/LanguageToggle';

/**
 * The sticky header composes three features' widgets: the search bar
 * (features/search), the account menu (features/account) and the cart button
 * (features/cart).
 */
export function Header() {
  const t = useT(COMMON_NS);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to={paths.home()} className="shrink-0 text-2xl font-extrabold tracking-tight text-brand-600" aria-label={t('homeLink')}>
          {t('brand')}
        </Link>
        <SearchBar />
        <LanguageToggle />
        <AccountMenu />
        <CartButton />
      </div>
    </header>
  );
}
