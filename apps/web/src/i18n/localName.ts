import { useTranslation } from 'react-i18next';

/** The product's texts that have a Bangla twin (issue 14: optional, '' when none). */
interface Named {
  name: string;
  name_bn?: string | null;
  description?: string;
  description_bn?: string | null;
}

/** The product's name in the current language: the Bangla one in Bangla when it exists, else the English. */
export function productName(product: Named, lang: string): string {
  return lang === 'bn' && product.name_bn?.trim() ? product.name_bn : product.name;
}

/** The product's description in the current language, likewise. */
export function productDescription(product: Named, lang: string): string {
  return lang === 'bn' && product.description_bn?.trim() ? product.description_bn : (product.description ?? '');
}

/** `const name = useProductName(); name(product)`: re-renders when the language changes. */
export function useProductName(): (product: Named) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return (product) => productName(product, lang);
}
