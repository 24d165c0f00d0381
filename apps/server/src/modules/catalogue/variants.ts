import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import {
  pricedPerVariant,
  productSummary,
  productVariantsSchema,
  variantLabel,
  variantProblem,
  type AdminVariants,
  type ProductOption,
  type ProductVariants,
  type Variant,
  type VariantsPreview,
} from '@haat/shared/schemas/variants';
import type { DbOrTx, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { cartItems, products, productVariants } from '../../db/schema';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';

/**
 * A product's options and variants (issue 21, decision 0069): reading them for
 * the API, and saving what the product form or the CSV import sends, with the
 * product row's summary (cheapest published price, summed stock) in the same
 * transaction.
 */

export type VariantRow = typeof productVariants.$inferSelect;

/** Whether a variant row is its product's default variant (decision 0109): the one a product without options has. */
export const isDefaultVariant = (r: { id: string; productId: string }): boolean => r.id === r.productId;

/**
 * A variant as the API answers it. The default variant answers as the product itself, as before it was a row
 * (decision 0069's single variant): no SKU shown (its stored SKU is its id), no values, the product's pictures.
 */
export function variantView(r: VariantRow): Variant {
  return { _id: r.id, sku: isDefaultVariant(r) ? '' : (r.sku ?? ''), values: r.optionValues, price: r.price, discount: r.discount, stock: r.stock, image: r.images, publish: r.publish };
}

async function readVariants(db: DbOrTx, productIds: string[], withDefault: boolean): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), withDefault ? undefined : ne(productVariants.id, productVariants.productId)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const r of rows) (byProduct.get(r.productId) ?? byProduct.set(r.productId, []).get(r.productId)!).push(r);
  return byProduct;
}

/**
 * Every variant of these products, by product id, in their order: a product's default variant included, so
 * every product has at least one (decision 0111). What the product answer, the CSV export and the Meta feed read.
 */
export function everyVariantOf(db: DbOrTx, productIds: string[]): Promise<Map<string, VariantRow[]>> {
  return readVariants(db, productIds, true);
}

/**
 * The variants of these products that the options make, in their order, by product id: what the form and the
 * CSV import save and compare against. A product's default variant (decision 0109) is not among them: the
 * database keeps it (migration 0047), so a product without options has none here.
 */
export function variantsOf(db: DbOrTx, productIds: string[]): Promise<Map<string, VariantRow[]>> {
  return readVariants(db, productIds, false);
}

/** The options and every variant of those of these products that have options (a staff picker's page, issue 42). */
export async function adminVariants(db: DbOrTx, productIds: string[]): Promise<AdminVariants> {
  if (productIds.length === 0) return [];
  const withOptions = (await db.select({ id: products.id, options: products.options }).from(products).where(inArray(products.id, productIds))).filter((p) => p.options.length > 0);
  const variants = await variantsOf(db, withOptions.map((p) => p.id));
  return withOptions.map((p) => ({ _id: p.id, options: p.options, variants: (variants.get(p.id) ?? []).map(variantView) }));
}

/**
 * The form's `options` and `variants` fields (JSON text): undefined when
 * neither was sent (a client that predates variants), else checked by the
 * shared schema and rules; a problem is a 400 naming the field.
 */
export function readVariantsForm(options: string | undefined, variants: string | undefined): ProductVariants | undefined {
  if (options === undefined && variants === undefined) return undefined;
  const json = (field: 'options' | 'variants', text: string | undefined): unknown => {
    if (!text) return [];
    try {
      return JSON.parse(text);
    } catch {
      throw appError('VARIANT_JSON', { field });
    }
  };
  return checkVariants({ options: json('options', options), variants: json('variants', variants) });
}

/** The shared shapes and rules, as the CSV import uses them too. */
export function checkVariants(input: unknown): ProductVariants {
  const parsed = productVariantsSchema.parse(input);
  const problem = variantProblem(parsed);
  if (problem) throw appError(problem.code, problem.params as never);
  return parsed;
}

/** The product fields a variant product takes from its variants (the form's own are not used). */
export function summaryOf(input: ProductVariants): { price: number; discount: number; stock: number } | null {
  if (!pricedPerVariant(input)) return null;
  const s = productSummary(input.variants) ?? productSummary(input.variants.map((v) => ({ ...v, publish: true })))!;
  return { price: s.price, discount: s.discount, stock: input.variants.reduce((sum, v) => sum + v.stock, 0) };
}

/** Every option value, English and Bangla, for the search vector ("red kurta", "লাল কুর্তা"). */
const variantText = (options: ProductOption[]) =>
  options
    .flatMap((o) => [o.name, o.name_bn, ...o.values.flatMap((v) => [v.value, v.value_bn])])
    .filter(Boolean)
    .join(' ');

/** A text[] literal: drizzle would spread a JS array into a list of parameters. */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/** A variant's pictures as URLs: each a URL of the product's pictures or its position among them. */
function pictures(image: (string | number)[], productImages: string[], i: number): string[] {
  return image.map((ref) => {
    const url = typeof ref === 'number' ? productImages[ref] : productImages.includes(ref) ? ref : undefined;
    if (!url) throw appError('VARIANT_IMAGE_UNKNOWN', { field: `variants.${i}.image` });
    return url;
  });
}

/**
 * Writes a product's options and variants and the product row's summary, in
 * the caller's transaction (the product row already written). Variants with
 * `_id` are updated, new ones inserted, stored ones left out deleted with
 * their cart lines. A variant's stock changes only while it holds its
 * `expectedStock` (409 otherwise), so units orders took never come back.
 * Without options, the variants go and the product is its own variant again.
 */
export async function saveVariants(tx: Tx, product: { id: string; images: string[] }, input: ProductVariants): Promise<void> {
  const stored = (await variantsOf(tx, [product.id])).get(product.id) ?? [];
  const storedById = new Map(stored.map((r) => [r.id, r]));
  const rows = input.variants.map((v, i) => {
    if (v._id !== undefined && !storedById.has(v._id)) throw appError('VARIANT_NOT_FOUND', { field: `variants.${i}._id`, id: v._id });
    const before = v._id ? storedById.get(v._id) : undefined;
    if (before && v.stock !== before.stock && v.expectedStock === undefined) throw appError('EXPECTED_STOCK_REQUIRED', { n: before.stock });
    if (before && v.expectedStock !== undefined && v.expectedStock !== before.stock) {
      throw appError('VARIANT_STOCK_CHANGED', { label: variantLabel(input.options, before.optionValues), n: before.stock });
    }
    return {
      id: v._id ?? newId(),
      isNew: !before,
      position: i,
      sku: v.sku || null,
      optionValues: v.values,
      price: v.price,
      discount: v.discount,
      stock: v.stock,
      // Written only when it changes, guarded by what the form loaded.
      expected: before && v.stock !== before.stock ? v.expectedStock! : null,
      images: pictures(v.image, product.images, i),
      publish: v.publish,
    };
  });
  await assertSkusFree(tx, product.id, rows);
  const keep = rows.filter((r) => !r.isNew).map((r) => r.id);
  // Removed variants go, and with them the cart lines that chose them (order items keep their snapshot). The
  // default variant is the database's to keep or drop with the options (migration 0047).
  await tx.delete(productVariants).where(and(eq(productVariants.productId, product.id), ne(productVariants.id, product.id), keep.length ? notInArray(productVariants.id, keep) : undefined));
  await tx.delete(cartItems).where(and(eq(cartItems.productId, product.id), ne(cartItems.variantId, ''), keep.length ? notInArray(cartItems.variantId, keep) : undefined));
  const updates = rows.filter((r) => !r.isNew);
  if (updates.length) {
    // Values and SKUs may be swapped between variants: first each kept row takes a placeholder no other row has.
    await tx
      .update(productVariants)
      .set({ sku: null, optionValues: sql`array[${productVariants.id}]` })
      .where(inArray(productVariants.id, keep));
    const list = sql.join(
      updates.map((r) => sql`(${r.id}, ${r.sku}::text, ${textArray(r.optionValues)}::text[], ${r.price}::integer, ${r.discount}::integer, ${r.stock}::integer, ${r.expected}::integer, ${textArray(r.images)}::text[], ${r.publish}::boolean, ${r.position}::integer)`),
      sql`, `,
    );
    const done = await tx.execute(sql`
      UPDATE product_variants AS pv SET sku = v.sku, option_values = v.vals, price = v.price, discount = v.discount,
        stock = CASE WHEN v.expected IS NULL THEN pv.stock ELSE v.stock END, images = v.images, publish = v.publish, position = v.position, updated_at = now()
      FROM (VALUES ${list}) AS v(id, sku, vals, price, discount, stock, expected, images, publish, position)
      WHERE pv.id = v.id AND (v.expected IS NULL OR pv.stock = v.expected)
      RETURNING pv.id`);
    const written = new Set((done as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
    const lost = updates.find((r) => !written.has(r.id));
    if (lost) {
      const [now] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, lost.id));
      throw appError('VARIANT_STOCK_CHANGED', { label: variantLabel(input.options, lost.optionValues), n: now?.stock ?? 0 });
    }
  }
  const inserts = rows.filter((r) => r.isNew);
  if (inserts.length) {
    await tx.insert(productVariants).values(
      inserts.map((r) => ({ id: r.id, productId: product.id, position: r.position, sku: r.sku, optionValues: r.optionValues, price: r.price, discount: r.discount, stock: r.stock, images: r.images, publish: r.publish })),
    );
  }
  await writeSummary(tx, product.id, input);
}

/** The product row as its variants' summary: cheapest published price, summed stock (read back: unchanged stocks were not written). */
async function writeSummary(tx: Tx, productId: string, input: ProductVariants): Promise<void> {
  if (!pricedPerVariant(input)) {
    await tx.update(products).set({ options: [], priceVaries: false, variantText: '' }).where(eq(products.id, productId));
    return;
  }
  const summary = productSummary(input.variants);
  const price = summaryOf(input)!;
  await tx
    .update(products)
    .set({
      options: input.options,
      priceVaries: summary?.price_varies ?? false,
      variantText: variantText(input.options),
      price: price.price,
      discount: price.discount,
      // The default variant (a product gaining options) is not summed: the trigger drops it with this update (migration 0047).
      stock: sql`(select coalesce(sum(${productVariants.stock}), 0)::integer from ${productVariants} where ${productVariants.productId} = ${productId} and ${productVariants.id} <> ${productId})`,
    })
    .where(eq(products.id, productId));
}

/** A SKU is the shop's, case-insensitively: another product's is a 400 naming the field. */
async function assertSkusFree(tx: DbOrTx, productId: string, rows: { sku: string | null }[]): Promise<void> {
  const skus = rows.flatMap((r) => (r.sku ? [r.sku.toLowerCase()] : []));
  if (skus.length === 0) return;
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(inArray(sql`lower(${productVariants.sku})`, skus), ne(productVariants.productId, productId)))
    .limit(1);
  if (taken?.sku) {
    const i = rows.findIndex((r) => r.sku?.toLowerCase() === taken.sku!.toLowerCase());
    throw appError('VARIANT_SKU_TAKEN', { field: `variants.${i}.sku`, sku: rows[i]!.sku! });
  }
}

/** A unique violation of the SKU index (two saves at once): the same 400. */
export function skuRace(err: unknown): boolean {
  return uniqueViolation(err)?.includes('product_variants_sku') ?? false;
}

/** What an edit would do to the stored variants and the carts that hold them (the form shows it before saving). */
export async function previewVariants(db: DbOrTx, productId: string, input: ProductVariants): Promise<VariantsPreview> {
  const [product] = await db.select({ options: products.options }).from(products).where(eq(products.id, productId));
  if (!product) throw appError('PRODUCT_NOT_FOUND');
  const stored = (await variantsOf(db, [productId])).get(productId) ?? [];
  const kept = new Set(input.variants.flatMap((v) => (v._id ? [v._id] : [])));
  const removed = stored.filter((r) => !kept.has(r.id));
  const carts = await db
    .select({ variantId: cartItems.variantId, n: sql<number>`count(*)::integer` })
    .from(cartItems)
    .where(eq(cartItems.productId, productId))
    .groupBy(cartItems.variantId);
  const inCarts = new Map(carts.map((c) => [c.variantId, Number(c.n)]));
  // Lines without a variant need one once the product has more than one (the shopper is asked to choose).
  const unchosen = input.variants.length > 1 ? (inCarts.get('') ?? 0) : 0;
  return {
    removed: removed.map((r) => ({ _id: r.id, label: variantLabel(product.options, r.optionValues), stock: r.stock, in_carts: inCarts.get(r.id) ?? 0 })),
    added: input.variants.filter((v) => !v._id).length,
    kept: kept.size,
    carts_affected: removed.reduce((n, r) => n + (inCarts.get(r.id) ?? 0), 0) + unchosen,
  };
}
