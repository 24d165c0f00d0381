import { useEffect } from 'react';
import { useT } from './index';
import { COMMON_NS } from './common.locales';

/**
 * The browser tab's title of a page, `Title | Haat`, in the page's language (issue 42: a Bangla cart, sign-in or
 * owner's page was titled in English, or kept the page before it's title). The caller gives the title in its own
 * texts, so a language switch renders it again and the title follows; leaving the page puts back the one before.
 * Nothing while `title` is empty (its data still loading).
 */
export function usePageTitle(title: string | undefined): void {
  const brand = useT(COMMON_NS)('brand');
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} | ${brand}`;
    return () => void (document.title = before);
  }, [title, brand]);
}
