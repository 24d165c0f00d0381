import { asc, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories, products, productSubCategories, productVariants, subCategories } from '../../db/schema';

/**
 * The reads and batched writes of catalogue import and export (decision 0042).
 * Batches keep each statement well under PostgreSQL's 65,535 parameters.
 */
export const EXPORT_PAGE = 1000;
const BATCH = 500;

export type ProductRow = typeof products.$inferSelect;

/** A page of products after `afterId`, in id order (keyset paging: no OFFSET, so each page costs the same). */
export function productsAfter(db: DbOrTx, afterId: string, limit = EXPORT_PAGE): Promise<ProductRow[]> {
  return db.select().from(products).where(gt(products.id, afterId)).orderBy(asc(products.id)).limit(limit);
}

export async function allCategoryNames(db: DbOrTx) {
  return {
    categories: await db.select({ id: categories.id, name: categories.name }).from(categories),
    subCategories: await db.select({ id: subCategories.id, name: subCategories.name }).from(subCategories),
  };
}

const chunks = <T>(list: T[], size = BATCH): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** A stored product an import row may update: its columns, so a column the file leaves out keeps its value. */
export type StoredProduct = ProductRow;

/** The products with these ids, and those with these exact names (to match rows without an id). */
export async function findForImport(db: DbOrTx, ids: string[], names: string[]): Promise<{ byId: Map<string, StoredProduct>; byName: Map<string, StoredProduct[]> }> {
  const byId = new Map<string, StoredProduct>();
  const byName = new Map<string, StoredProduct[]>();
  for (const part of chunks([...new Set(ids)], 5000)) {
    for (const r of await db.select().from(products).where(inArray(products.id, part))) byId.set(r.id, r);
  }
  for (const part of chunks([...new Set(names)], 5000)) {
    for (const r of await db.select().from(products).where(inArray(products.name, part))) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  }
  return { byId, byName };
}

/** The columns an import writes, as the database names them. */
export interface ImportValues {
  id: string;
  name: string;
  nameBn: string;
  description: string;
  descriptionBn: string;
  productDetails: string;
  productDetailsBn: string;
  unit: string;
  price: number;
  discount: number;
  quantity: number;
  images: string[];
  moreDetails: Record<string, string>;
  publish: boolean;
  stock: number;
  categoryIds: string[];
  subCategoryIds: string[];
}

export interface ImportUpdate extends ImportValues {
  /** Write the stock only while the product still holds this (orders take stock meanwhile); null: leave the stock alone. */
  expectedStock: number | null;
}

const columnsOf = ({ categoryIds: _c, subCategoryIds: _s, ...v }: ImportValues) => v;

export async function insertProducts(tx: DbOrTx, rows: ImportValues[]): Promise<void> {
  for (const part of chunks(rows)) await tx.insert(products).values(part.map(columnsOf));
}

/**
 * One UPDATE … FROM (VALUES …) per batch. A row whose stock guard fails is not
 * updated; the ids answered are those that were, so the caller can tell.
 */
export async function updateProducts(tx: DbOrTx, rows: ImportUpdate[]): Promise<Set<string>> {
  const done = new Set<string>();
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map(
        (r) =>
          sql`(${r.id}::text, ${r.name}::text, ${r.nameBn}::text, ${r.description}::text, ${r.descriptionBn}::text, ${r.productDetails}::text, ${r.productDetailsBn}::text, ${r.unit}::text, ${r.price}::int, ${r.discount}::int, ${r.quantity}::int, ${JSON.stringify(r.images)}::jsonb, ${JSON.stringify(r.moreDetails)}::jsonb, ${r.publish}::boolean, ${r.stock}::int, ${r.expectedStock}::int)`,
      ),
      sql`, `,
    );
    const res = (await tx.execute(sql`
      update products p set
        name = v.name, name_bn = v.name_bn, description = v.description, description_bn = v.description_bn, product_details = v.details, product_details_bn = v.details_bn, unit = v.unit,
        price = v.price, discount = v.discount, quantity = v.quantity,
        images = array(select jsonb_array_elements_text(v.images)), more_details = v.more, publish = v.publish,
        stock = case when v.expected is null then p.stock else v.stock end,
        updated_at = now()
      from (values ${values}) as v(id, name, name_bn, description, description_bn, details, details_bn, unit, price, discount, quantity, images, more, publish, stock, expected)
      where p.id = v.id and (v.expected is null or p.stock = v.expected)
      returning p.id`)) as unknown as { rows: { id: string }[] };
    for (const r of res.rows) done.add(r.id);
  }
  return done;
}

/** Replaces the category and sub-category links of these products. */
export async function replaceLinks(tx: DbOrTx, rows: ImportValues[], updatedIds: string[]): Promise<void> {
  for (const part of chunks(updatedIds, 5000)) {
    await tx.delete(productCategories).where(inArray(productCategories.productId, part));
    await tx.delete(productSubCategories).where(inArray(productSubCategories.productId, part));
  }
  const cats = rows.flatMap((r) => r.categoryIds.map((categoryId) => ({ productId: r.id, categoryId })));
  const subs = rows.flatMap((r) => r.subCategoryIds.map((subCategoryId) => ({ productId: r.id, subCategoryId })));
  for (const part of chunks(cats, 2000)) await tx.insert(productCategories).values(part);
  for (const part of chunks(subs, 2000)) await tx.insert(productSubCategories).values(part);
}

/** Which product holds each of these SKUs (lower case), issue 21. */
export async function skuOwners(db: DbOrTx, skus: string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of chunks(skus, 5000)) {
    const rows = await db.select({ sku: productVariants.sku, productId: productVariants.productId }).from(productVariants).where(inArray(sql`lower(${productVariants.sku})`, part));
    for (const r of rows) if (r.sku) owners.set(r.sku.toLowerCase(), r.productId);
  }
  return owners;
}
