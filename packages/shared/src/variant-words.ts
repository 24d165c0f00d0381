import type { ChosenOption, ProductOption, Variant } from './schemas/variants';

/**
 * A variant's words and its choice (issue 21): pure functions without zod, so a shopper's
 * product page and cart do not load the schemas' library (issue 25). Re-exported by schemas/variants.
 */

/** "Size: L, Colour: Red": a variant's values with their options' names, in the given language. */
export function variantLabel(options: readonly Pick<ProductOption, 'name' | 'name_bn' | 'values'>[], values: readonly string[], lang: 'en' | 'bn' = 'en'): string {
  return values
    .map((value, k) => {
      const option = options[k];
      if (!option) return value;
      const v = option.values.find((o) => o.value === value);
      const name = lang === 'bn' ? option.name_bn || option.name : option.name;
      const shown = lang === 'bn' ? v?.value_bn || value : value;
      return `${name}: ${shown}`;
    })
    .join(', ');
}

/**
 * How an error names a product, or its variant with the chosen values, in both languages (issue 42):
 * { name: 'Kurta (Size: L, Colour: Red)', name_bn: 'কুর্তা (সাইজ: L, রং: লাল)' }, the parameter `name`
 * and its Bangla twin. name_bn is the product's own ('' when none) for a product without options: the
 * web then says the English, as it does every name (localName).
 */
export function namesOf(product: { name: string; name_bn: string; options: readonly Pick<ProductOption, 'name' | 'name_bn' | 'values'>[] }, values: readonly string[] = []): { name: string; name_bn: string } {
  if (values.length === 0) return { name: product.name, name_bn: product.name_bn };
  return { name: `${product.name} (${variantLabel(product.options, values)})`, name_bn: `${product.name_bn || product.name} (${variantLabel(product.options, values, 'bn')})` };
}

/** "L / Red" ("এল / লাল"): a variant's values alone, in the given language, where a list names many (issue 42). */
export function variantValues(options: readonly Pick<ProductOption, 'values'>[], values: readonly string[], lang: 'en' | 'bn' = 'en'): string {
  return values.map((value, k) => (lang === 'bn' && options[k]?.values.find((o) => o.value === value)?.value_bn) || value).join(' / ');
}

/** The chosen options of a variant, as a cart line or an order item carries them. */
export function chosenOptions(options: readonly ProductOption[], values: readonly string[]): ChosenOption[] {
  return values.map((value, k) => {
    const option = options[k];
    const v = option?.values.find((o) => o.value === value);
    return { name: option?.name ?? '', name_bn: option?.name_bn ?? '', value, value_bn: v?.value_bn ?? '' };
  });
}

/** "Size: L, Colour: Red" of chosen options; '' for none. */
export function chosenLabel(chosen: readonly ChosenOption[], lang: 'en' | 'bn' = 'en'): string {
  return chosen.map((c) => (lang === 'bn' ? `${c.name_bn || c.name}: ${c.value_bn || c.value}` : `${c.name}: ${c.value}`)).join(', ');
}

/**
 * A line's name with its chosen options, as every place names one (cart, returns, courier bookings):
 * "Cotton Kurta (Size: L, Colour: Red)"; the default variant's line (no options, label '') is the name alone.
 */
export function withChoice(name: string, label: string): string {
  return label ? `${name} (${label})` : name;
}

/** The variant of these values, or undefined. */
export function variantOf<V extends Pick<Variant, 'values'>>(variants: readonly V[], values: readonly (string | undefined)[]): V | undefined {
  return variants.find((v) => v.values.length === values.length && v.values.every((x, k) => x === values[k]));
}
