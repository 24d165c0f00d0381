import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Product } from '@haat/shared/schemas/catalogue';
import { shownVariantId, type ChosenOption, type ProductOption, type Variant } from '@haat/shared/schemas/variants';
import { chosenOptions, variantOf } from '@haat/shared/variant-words';

/** The URL's name of the chosen variant: /product/kurti-p1?variant=v2 can be shared and reloaded. */
export const VARIANT_PARAM = 'variant';

/**
 * How a value of an option stands beside the other choices: 'available'; 'unavailable' (no variant in stock has it
 * with the other values chosen: choosing it clears those); 'soldOut' (no variant in stock has it at all).
 */
export type ValueState = 'available' | 'unavailable' | 'soldOut';

type Picks = (string | undefined)[];

const inStock = (v: Variant) => v.publish && v.stock > 0;
const fits = (v: Variant, picks: Picks) => picks.every((p, k) => p === undefined || v.values[k] === p);

/** A product's own fields as its default variant answers them (decision 0109). */
const asDefaultVariant = (p: Product): Variant => ({ _id: p._id, sku: '', values: [], price: p.price, discount: p.discount, stock: p.stock, image: [], publish: p.publish });

const named = (variantId: string | null, chosen: ChosenOption[]) => (variantId ? { variant_id: variantId, chosen } : {});

/** What is shown and sold: the chosen variant's price, discount, stock and pictures, else the product's (its summary). */
export interface Shown {
  price: number;
  discount: number;
  stock: number;
  image: string[];
  /** The chosen variant's id and options; absent for the default variant (a product without options) or before every option is chosen. */
  variant_id?: string;
  chosen?: ChosenOption[];
  /** The product's price is the cheapest of variants that cost differently: say "From". */
  from: boolean;
}

/**
 * The product page's choice of a variant (issue 21, decision 0069): one value
 * per option, kept in the URL once it names a variant (?variant=<id>) so a
 * reload or a shared link selects it again. Every product has variants
 * (decision 0111): a product without options has its default one, which no
 * option names, so it is chosen from the start and shown as the product.
 */
export function useVariantChoice(product: Product) {
  const options: ProductOption[] = product.options ?? [];
  // An answer without variants (a list's card, before the product's own answer): the product as its default variant.
  const variants: Variant[] = product.variants ?? [asDefaultVariant(product)];
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(VARIANT_PARAM);
  const linkedValues = () => variants.find((v) => v._id === linkedId)?.values;
  // An option of one value is chosen already.
  const [picks, setPicks] = useState<Picks>(() => linkedValues() ?? options.map((o) => (o.values.length === 1 ? o.values[0]!.value : undefined)));
  // A link to another variant of this product (Back, a shared link followed in the app): choose it.
  const [seenLink, setSeenLink] = useState(linkedId);
  if (linkedId !== seenLink) {
    setSeenLink(linkedId);
    const values = linkedValues();
    if (values) setPicks(values);
  }

  const variant = picks.every((p) => p !== undefined) ? variantOf(variants, picks) : undefined;
  const missing = options.filter((_, k) => picks[k] === undefined);

  const valueState = (k: number, value: string): ValueState => {
    const withValue = variants.filter((v) => v.values[k] === value && inStock(v));
    if (withValue.length === 0) return 'soldOut';
    const others = picks.map((p, j) => (j === k ? value : p));
    return withValue.some((v) => fits(v, others)) ? 'available' : 'unavailable';
  };

  const choose = (k: number, value: string) => {
    let next = picks.map((p, j) => (j === k ? value : p));
    // A value not sold with the other choices starts the choice again from it.
    if (!variants.some((v) => inStock(v) && fits(v, next))) next = options.map((o, j) => (j === k ? value : o.values.length === 1 ? o.values[0]!.value : undefined));
    setPicks(next);
    const named = next.every((p) => p !== undefined) ? variantOf(variants, next) : undefined;
    setParams(
      (p) => {
        if (named) p.set(VARIANT_PARAM, named._id);
        else p.delete(VARIANT_PARAM);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const complete = missing.length === 0;
  const shown: Shown = variant
    ? {
        price: variant.price,
        discount: variant.discount,
        stock: variant.publish ? variant.stock : 0,
        image: variant.image.length > 0 ? variant.image : product.image,
        // The default variant is named by the product alone, as lines name it (decision 0109).
        ...named(shownVariantId(product._id, variant._id), chosenOptions(options, variant.values)),
        from: false,
      }
    : // Every option chosen but no such variant: nothing to sell.
      { price: product.price, discount: product.discount, stock: complete ? 0 : product.stock, image: product.image, from: product.price_varies === true };

  return { options, picks, choose, valueState, missing, shown, noSuchVariant: complete && !variant };
}

export type VariantChoice = ReturnType<typeof useVariantChoice>;
