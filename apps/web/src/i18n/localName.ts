import { useLang, type Lang } from './index';
import { unitInBangla } from '@haat/shared/units';

/** Anything the owner names in both languages (issue 14): products, categories, sub-categories. '' or absent when no Bangla. */
interface Named {
  name: string;
  name_bn?: string | null;
}

/** The name in the current language: the Bangla one in Bangla when it exists, else the English. */
export function localName(item: Named, lang: Lang): string {
  return lang === 'bn' && item.name_bn?.trim() ? item.name_bn : item.name;
}

/** The product's description in the current language, likewise. */
export function productDescription(product: { description?: string; description_bn?: string | null }, lang: Lang): string {
  return lang === 'bn' && product.description_bn?.trim() ? product.description_bn : (product.description ?? '');
}

/** The product's Details bullets in the current language (issue 42), likewise. */
export function productDetails(product: { product_details?: string; product_details_bn?: string | null }, lang: Lang): string {
  return lang === 'bn' && product.product_details_bn?.trim() ? product.product_details_bn : (product.product_details ?? '');
}

/** `const nameOf = useLocalName(); nameOf(category)`: re-renders when the language changes. */
export function useLocalName(): (item: Named) => string {
  const lang = useLang(); // re-renders on a language change
  return (item) => localName(item, lang);
}

/** A unit in the current language: '500 g' is '৫০০ গ্রাম' in Bangla; a unit no rule knows is shown as typed (issue 19). */
export function localUnit(unit: string, lang: Lang): string {
  return (lang === 'bn' && unitInBangla(unit)) || unit;
}

/** `const unitOf = useLocalUnit(); unitOf(product.unit)`: re-renders when the language changes. */
export function useLocalUnit(): (unit: string) => string {
  const lang = useLang(); // re-renders on a language change
  return (unit) => localUnit(unit, lang);
}
