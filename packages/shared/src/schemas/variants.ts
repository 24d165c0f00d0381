import { z } from 'zod';
import type { ErrorCode, ErrorParams } from '../errors/catalogue';
import { discountedPrice } from '../pricing';
import { TEXT_LIMITS, tooLong } from './limits';
import { envelope } from './reply';

// Shown and chosen without zod (the shopper's pages load them): ../variant-words.ts.
import { variantLabel } from '../variant-words';
export { chosenLabel, chosenOptions, variantLabel, variantValues, withChoice } from '../variant-words';

/**
 * Product options and variants (issue 21, decision 0069). A product has up to
 * 3 options (Size, Colour, Shade), each with its values, and up to 250
 * variants, each one combination of those values with its own SKU, price,
 * discount, stock, pictures and publish. A product without options has one
 * variant, which is the product itself: its `_id` is the product's id.
 *
 * One set of rules for the admin form (web) and the server: the shapes are
 * zod schemas; the rules across fields are `variantProblem`, which answers an
 * error code of the shared catalogue (so both languages say it) naming the field.
 */
export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 250;
export const MAX_OPTION_VALUES = 100;
export const OPTION_TEXT_MAX = 40;
export const SKU_MAX = 64;

/** The shapes' messages (the admin form says them in Bangla: adminMessages.locales.ts). */
export const VARIANT_MESSAGES = {
  optionText: tooLong('An option name or value', OPTION_TEXT_MAX),
  sku: tooLong('SKU', SKU_MAX),
  price: 'A variant’s price must be a whole number of taka from 1 to 100,000,000.',
  discount: 'Discount must be a whole percent from 0 to 100.',
  stock: 'A variant’s stock must be a whole number from 0 to 1,000,000.',
  swatch: 'A swatch is a colour like #b22222.',
  values: `An option has at most ${MAX_OPTION_VALUES} values.`,
  options: `A product has at most ${MAX_OPTIONS} options.`,
  variants: `A product has at most ${MAX_VARIANTS} variants.`,
} as const;
const optionText = z.string().trim().normalize('NFC').max(OPTION_TEXT_MAX, VARIANT_MESSAGES.optionText);
const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message);
const PRICE_MESSAGE = VARIANT_MESSAGES.price;
const DISCOUNT_MESSAGE = VARIANT_MESSAGES.discount;
const STOCK_MESSAGE = VARIANT_MESSAGES.stock;

/** One value of an option: English (what the API and SKU rows use), Bangla, and a colour swatch for colours. */
export const optionValueSchema = z.object({
  value: optionText,
  value_bn: optionText.default(''),
  /** A #rrggbb swatch the picker shows (colours); '' for none. */
  swatch: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, VARIANT_MESSAGES.swatch)
    .default(''),
});


export const productOptionSchema = z.object({
  name: optionText,
  name_bn: optionText.default(''),
  values: z.array(optionValueSchema).max(MAX_OPTION_VALUES, VARIANT_MESSAGES.values),
});
export type ProductOption = z.infer<typeof productOptionSchema>;


/**
 * A variant as the admin form and the CSV send it. `_id` names a stored variant
 * to update (left out: a new one). `values` are the English option values in
 * the product's option order. `image` picks pictures from the product's own:
 * a stored picture's URL, or its 0-based position in the product's pictures
 * after the save (so a picture uploaded in the same save can be chosen).
 * `expectedStock`: the stock the form loaded; a changed stock is written only
 * while the variant still holds it (orders may have taken units since).
 */
export const variantInputSchema = z.object({
  _id: z.string().trim().max(TEXT_LIMITS.id).optional(),
  sku: z.string().trim().max(SKU_MAX, VARIANT_MESSAGES.sku).default(''),
  values: z.array(optionText).max(MAX_OPTIONS),
  price: wholeNumber(PRICE_MESSAGE).min(1, PRICE_MESSAGE).max(100_000_000, PRICE_MESSAGE),
  discount: wholeNumber(DISCOUNT_MESSAGE).min(0, DISCOUNT_MESSAGE).max(100, DISCOUNT_MESSAGE).default(0),
  stock: wholeNumber(STOCK_MESSAGE).min(0, STOCK_MESSAGE).max(1_000_000, STOCK_MESSAGE),
  expectedStock: wholeNumber(STOCK_MESSAGE).min(0, STOCK_MESSAGE).max(1_000_000, STOCK_MESSAGE).optional(),
  image: z.array(z.union([z.string().max(500), z.number().int().min(0).max(50)])).max(10).default([]),
  publish: z.boolean().default(true),
});


/** What a product form sends beside its fields: the options and the variants (both as JSON text in the multipart form). */
export const productVariantsSchema = z.object({
  options: z.array(productOptionSchema).max(20, VARIANT_MESSAGES.options).default([]),
  variants: z.array(variantInputSchema).max(2000, VARIANT_MESSAGES.variants).default([]),
});

export type ProductVariants = z.output<typeof productVariantsSchema>;

/** A problem with a product's options and variants: a code of the shared catalogue and its parameters ({{field}} names the field). */
export type VariantProblem = { [C in VariantErrorCode]: { code: C; params: ErrorParams<C> } }[VariantErrorCode];
export type VariantErrorCode = Extract<
  ErrorCode,
  | 'VARIANT_TOO_MANY_OPTIONS'
  | 'VARIANT_TOO_MANY'
  | 'VARIANT_OPTION_BLANK'
  | 'VARIANT_OPTION_DUPLICATE'
  | 'VARIANT_OPTION_NO_VALUES'
  | 'VARIANT_VALUE_DUPLICATE'
  | 'VARIANT_NONE'
  | 'VARIANT_VALUES_MISMATCH'
  | 'VARIANT_COMBINATION_DUPLICATE'
  | 'VARIANT_SKU_DUPLICATE'
>;

const same = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/**
 * The rules across fields, in the order a person fixes them: the first problem
 * found, or null. Shapes (numbers, lengths) are the schemas' part.
 */
export function variantProblem({ options, variants }: ProductVariants): VariantProblem | null {
  if (options.length > MAX_OPTIONS) return { code: 'VARIANT_TOO_MANY_OPTIONS', params: { field: 'options', max: MAX_OPTIONS } };
  if (variants.length > MAX_VARIANTS) return { code: 'VARIANT_TOO_MANY', params: { field: 'variants', max: MAX_VARIANTS } };
  for (const [i, option] of options.entries()) {
    if (!option.name) return { code: 'VARIANT_OPTION_BLANK', params: { field: `options.${i}.name` } };
    const twin = options.findIndex((o) => same(o.name, option.name));
    if (twin !== i) return { code: 'VARIANT_OPTION_DUPLICATE', params: { field: `options.${i}.name`, option: option.name } };
    if (option.values.length === 0) return { code: 'VARIANT_OPTION_NO_VALUES', params: { field: `options.${i}.values`, option: option.name } };
    for (const [j, v] of option.values.entries()) {
      if (!v.value) return { code: 'VARIANT_OPTION_BLANK', params: { field: `options.${i}.values.${j}.value` } };
      if (option.values.findIndex((o) => same(o.value, v.value)) !== j) {
        return { code: 'VARIANT_VALUE_DUPLICATE', params: { field: `options.${i}.values.${j}.value`, option: option.name, value: v.value } };
      }
    }
  }
  if (options.length > 0 && variants.length === 0) return { code: 'VARIANT_NONE', params: { field: 'variants' } };
  const combos = new Map<string, number>();
  const skus = new Map<string, number>();
  for (const [i, variant] of variants.entries()) {
    const fits = variant.values.length === options.length && variant.values.every((v, k) => options[k]!.values.some((o) => o.value === v));
    if (!fits) return { code: 'VARIANT_VALUES_MISMATCH', params: { field: `variants.${i}.values`, n: i + 1, options: options.map((o) => o.name).join(', ') || '—' } };
    const key = variant.values.join('\u0000');
    if (combos.has(key)) return { code: 'VARIANT_COMBINATION_DUPLICATE', params: { field: `variants.${i}.values`, label: variantLabel(options, variant.values) } };
    combos.set(key, i);
    if (variant.sku) {
      const skuKey = variant.sku.toLocaleLowerCase('en');
      if (skus.has(skuKey)) return { code: 'VARIANT_SKU_DUPLICATE', params: { field: `variants.${i}.sku`, sku: variant.sku } };
      skus.set(skuKey, i);
    }
  }
  // Without options there is one variant, the product itself: nothing may be sent for it.
  if (options.length === 0 && variants.length > 0) return { code: 'VARIANT_VALUES_MISMATCH', params: { field: 'variants.0.values', n: 1, options: '—' } };
  return null;
}


/** Every combination of the options' values, in option order (what "Generate every combination" makes). */
export function allCombinations(options: readonly Pick<ProductOption, 'values'>[]): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((prefix) => option.values.map((v) => [...prefix, v.value])),
    options.length ? [[]] : [],
  );
}

// ---- API shapes ---------------------------------------------------------------

/** A variant as the API answers it (get-product-details, the admin's product). */
export const variantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  /** English option values in the product's option order; [] for a product without options. */
  values: z.array(z.string()),
  price: z.number(),
  discount: z.number(),
  stock: z.number(),
  /** The variant's own pictures (some of the product's); [] shows the product's. */
  image: z.array(z.string()),
  publish: z.boolean(),
});
export type Variant = z.infer<typeof variantSchema>;

/**
 * POST product/admin-variants (issue 42): the options and variants (SKUs, prices) of the products a
 * staff picker lists, one question for the page of them: two products of one name are told apart.
 */
export const ADMIN_VARIANTS_MAX = 50;
export const adminVariantsQuerySchema = z.object({
  productIds: z.array(z.string().max(TEXT_LIMITS.id), { error: 'productIds must be a list of product ids.' }).max(ADMIN_VARIANTS_MAX, `productIds: at most ${ADMIN_VARIANTS_MAX}.`),
});
/** Only the products that have options; one without is its own variant, with no SKU. */
export const adminVariantsSchema = z.array(z.object({ _id: z.string(), options: z.array(productOptionSchema), variants: z.array(variantSchema) }));
export type AdminVariants = z.infer<typeof adminVariantsSchema>;
export const adminVariantsReplySchema = envelope(adminVariantsSchema);

/** An option's name and value as an order item keeps it, unchanged by later edits. */
export const chosenOptionSchema = z.object({ name: z.string(), name_bn: z.string(), value: z.string(), value_bn: z.string() });
export type ChosenOption = z.infer<typeof chosenOptionSchema>;



/**
 * What a product with variants shows as its own (the spec's fields, so old
 * clients keep working): the price and discount of its cheapest published
 * variant (by price after discount), stock the sum of the variants', and
 * whether the published variants' prices differ (cards say "from").
 */
export function productSummary(variants: readonly Pick<Variant, 'price' | 'discount' | 'stock' | 'publish'>[]): { price: number; discount: number; stock: number; price_varies: boolean } | null {
  const shown = variants.filter((v) => v.publish);
  if (shown.length === 0) return null;
  const cheapest = shown.reduce((a, b) => (discountedPrice(b.price, b.discount) < discountedPrice(a.price, a.discount) ? b : a));
  const prices = new Set(shown.map((v) => discountedPrice(v.price, v.discount)));
  return { price: cheapest.price, discount: cheapest.discount, stock: variants.reduce((s, v) => s + v.stock, 0), price_varies: prices.size > 1 };
}


/** POST product/variants-preview (the owner's form, before saving): what an edit does to the stored variants and to carts. */
export const variantsPreviewSchema = z.object({
  productId: z.string({ error: 'Provide a productId.' }).max(TEXT_LIMITS.id, 'Provide a productId.'),
  options: z.unknown(),
  variants: z.unknown(),
});
export const variantsPreviewResultSchema = z.object({
  removed: z.array(z.object({ _id: z.string(), label: z.string(), stock: z.number(), in_carts: z.number() })),
  added: z.number(),
  kept: z.number(),
  /** Cart lines that lose their variant, or must choose one now. */
  carts_affected: z.number(),
});
export type VariantsPreview = z.infer<typeof variantsPreviewResultSchema>;
export const variantsPreviewReplySchema = envelope(variantsPreviewResultSchema);

/**
 * The default variant (issue 43, decision 0109): a product without options has
 * one variant whose id is the product's own, as the API always answered it.
 * Lines write it as they did before it was a row ('' in a cart line, null in an
 * order item), so what old clients see stays the same; `lineVariantId` names
 * the variant row a line means, `shownVariantId` writes it back as lines do.
 */
export const lineVariantId = (productId: string, variantId: string | null | undefined): string => variantId || productId;
export const shownVariantId = (productId: string, variantId: string): string | null => (variantId === productId ? null : variantId);

/**
 * The compatibility layer's question (decision 0111): the product's default variant, or undefined for a product
 * whose options make its variants. A product without options answers its one variant, itself, and every client
 * shows it as the product — no pickers, no SKU, no `variant_id` sent. An answer that carries no such variant (a
 * list's, a test's or an older server's) of a product without options is given it here, from the product's own
 * fields, so no caller asks "has variants?" itself.
 */
export function defaultVariantOf(product: {
  _id: string;
  price: number;
  discount: number;
  stock: number;
  publish?: boolean;
  options?: readonly unknown[];
  variants?: readonly Variant[];
}): Variant | undefined {
  const own = product.variants?.find((v) => v._id === product._id);
  if (own || (product.options?.length ?? 0) > 0) return own;
  return { _id: product._id, sku: '', values: [], price: product.price, discount: product.discount, stock: product.stock, image: [], publish: product.publish ?? true };
}

/** The variants a client may name (cart lines, orders, links): all but the default one, which lines name by the product alone. */
export const namedVariantsOf = (product: { _id: string; variants?: readonly Variant[] }): Variant[] => (product.variants ?? []).filter((v) => v._id !== product._id);

/**
 * The product form's field rule (decisions 0069, 0109), one for the server and the web: a save's price, discount
 * and stock are the variants' when options make them, else the product's own (its default variant's).
 */
export const pricedPerVariant = (value: { options: readonly unknown[] }): boolean => value.options.length > 0;

/**
 * The variant a cart line or an order line means (issue 21): `requested` is
 * the variant_id sent. Every product has at least one variant (a product
 * without options its default one, whose id is the product's): a product of
 * one variant may be bought without naming it; of several, the id is required.
 */
export type VariantChoice<V> =
  | { ok: true; variant: V }
  | { ok: false; code: 'VARIANT_REQUIRED'; params: { options: string; options_bn: string; name: string; name_bn: string } }
  | { ok: false; code: 'VARIANT_UNKNOWN'; params: { name: string; name_bn: string } };
export function chooseVariant<V extends { id: string }>(
  product: { id: string; name: string; name_bn?: string; options: readonly { name: string; name_bn?: string }[] },
  variants: readonly V[],
  requested: string | undefined,
): VariantChoice<V> {
  // The refusal names the product, and the options to choose, in both languages (issue 42).
  const names = { name: product.name, name_bn: product.name_bn ?? '' };
  if (requested) {
    const variant = variants.find((v) => v.id === requested);
    return variant ? { ok: true, variant } : { ok: false, code: 'VARIANT_UNKNOWN', params: names };
  }
  if (variants.length === 1) return { ok: true, variant: variants[0]! };
  const list = (words: string[], and: string) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}` : (words[0] ?? ''));
  const options = list(product.options.map((o) => o.name), 'and');
  const options_bn = list(product.options.map((o) => o.name_bn || o.name), 'ও');
  return { ok: false, code: 'VARIANT_REQUIRED', params: { options, options_bn, ...names } };
}
