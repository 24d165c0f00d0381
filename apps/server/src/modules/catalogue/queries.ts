import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Category, NamedRef, Product, ProductSort, SubCategory } from '@haat/shared/schemas/catalogue';
import type { Db, DbOrTx } from '../../db/client';
import {
  categories,
  productCategories,
  products,
  productSubCategories,
  subCategories,
  subCategoryCategories,
} from '../../db/schema';
import { fullTextSql, planSearch, typoSql, useTypoThreshold, type SearchSql } from './search';

type ProductRow = typeof products.$inferSelect;

// ---- categories and sub-categories ---------------------------------------------

export async function listCategories(db: DbOrTx): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id));
  return rows.map((c) => ({ _id: c.id, name: c.name, image: c.image }));
}

export async function listSubCategories(db: DbOrTx, ids?: string[]): Promise<SubCategory[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(subCategories)
    .where(ids ? inArray(subCategories.id, ids) : undefined)
    .orderBy(asc(subCategories.createdAt), asc(subCategories.id));
  const links = rows.length
    ? await db
        .select({ subId: subCategoryCategories.subCategoryId, _id: categories.id, name: categories.name })
        .from(subCategoryCategories)
        .innerJoin(categories, eq(categories.id, subCategoryCategories.categoryId))
        .where(inArray(subCategoryCategories.subCategoryId, rows.map((r) => r.id)))
        .orderBy(asc(categories.createdAt), asc(categories.id))
    : [];
  const bySub = groupRefs(links.map((l) => ({ owner: l.subId, _id: l._id, name: l.name })));
  return rows.map((s) => ({ _id: s.id, name: s.name, image: s.image, category: bySub.get(s.id) ?? [] }));
}

export async function findCategory(db: DbOrTx, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row ?? null;
}

export async function findSubCategory(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subCategories).where(eq(subCategories.id, id));
  return row ?? null;
}

/** Which of these ids exist in the table. */
export async function existingIds(db: DbOrTx, table: typeof categories | typeof subCategories, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- products -------------------------------------------------------------------

function groupRefs(rows: { owner: string; _id: string; name: string }[]): Map<string, NamedRef[]> {
  const out = new Map<string, NamedRef[]>();
  for (const r of rows) {
    const list = out.get(r.owner) ?? [];
    list.push({ _id: r._id, name: r.name });
    out.set(r.owner, list);
  }
  return out;
}

/** Rows → spec §3 product JSON, with category and sub-category names in two queries for the whole page. */
async function toProducts(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [cats, subs] = await Promise.all([
    db
      .select({ owner: productCategories.productId, _id: categories.id, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, ids)),
    db
      .select({ owner: productSubCategories.productId, _id: subCategories.id, name: subCategories.name })
      .from(productSubCategories)
      .innerJoin(subCategories, eq(subCategories.id, productSubCategories.subCategoryId))
      .where(inArray(productSubCategories.productId, ids)),
  ]);
  const catMap = groupRefs(cats);
  const subMap = groupRefs(subs);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    product_details: r.productDetails,
    unit: r.unit,
    price: r.price,
    discount: r.discount,
    image: r.images,
    stock: r.stock,
    quantity: r.quantity,
    more_details: r.moreDetails,
    category: catMap.get(r.id) ?? [],
    subCategory: subMap.get(r.id) ?? [],
    publish: r.publish,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function findProductRow(db: DbOrTx, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

export async function productById(db: DbOrTx, id: string, publishedOnly = true): Promise<Product | null> {
  const row = await findProductRow(db, id);
  if (!row || (publishedOnly && !row.publish)) return null;
  const [product] = await toProducts(db, [row]);
  return product ?? null;
}

export interface ProductQuery {
  search?: string;
  categoryId?: string;
  subCategoryId?: string;
  /** Without it, a search orders by relevance and a plain list by newest. */
  sort?: ProductSort;
  page: number;
  limit: number;
}

export interface ProductPage {
  data: Product[];
  totalCount: number;
}

/** Price after discount, as pricing.discountedPrice computes it: price − ⌈price × discount / 100⌉. */
const effectivePrice = sql`(${products.price} - ceil(${products.price} * ${products.discount} / 100.0))`;

function sortOrder(sort: ProductSort): SQL[] {
  const newest = [desc(products.createdAt), desc(products.id)];
  switch (sort) {
    case 'price_asc':
      return [asc(effectivePrice), ...newest];
    case 'price_desc':
      return [desc(effectivePrice), ...newest];
    case 'discount':
      return [desc(products.discount), ...newest];
    default:
      return newest;
  }
}

/**
 * One page of published products with the total that matched. A search tries
 * full text first and falls back to typo matching when that finds nothing; it
 * runs in one transaction because the typo threshold is a transaction setting.
 */
export async function queryProducts(db: Db, q: ProductQuery): Promise<ProductPage> {
  const plan = planSearch(q.search ?? '');
  if (plan.kind === 'none') return { data: [], totalCount: 0 };

  const filters: SQL[] = [eq(products.publish, true)];
  if (q.categoryId) {
    filters.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${q.categoryId})`,
    );
  }
  if (q.subCategoryId) {
    filters.push(
      sql`exists (select 1 from ${productSubCategories} where ${productSubCategories.productId} = ${products.id} and ${productSubCategories.subCategoryId} = ${q.subCategoryId})`,
    );
  }
  const order = sortOrder(q.sort ?? 'newest');

  const page = async (tx: DbOrTx, search?: SearchSql): Promise<ProductPage> => {
    const where = and(...filters, search?.where);
    const rows = await tx
      .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      // A search without a chosen sort orders by relevance.
      .orderBy(...(search && !q.sort ? [desc(search.rank)] : []), ...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    let totalCount = rows[0]?.total ?? 0;
    if (rows.length === 0 && q.page > 1) {
      // Past the last page the window count is absent: count on its own.
      const [c] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products).where(where);
      totalCount = c?.n ?? 0;
    }
    return { data: await toProducts(tx, rows.map((r) => r.product)), totalCount };
  };

  if (plan.kind === 'all') return page(db);
  return db.transaction(async (tx) => {
    const exact = await page(tx, fullTextSql(plan));
    if (exact.totalCount > 0) return exact;
    await useTypoThreshold(tx);
    return page(tx, typoSql(plan));
  });
}

/** How many products use a category / sub-category (delete is refused while any do). */
export async function productsUsingCategory(db: DbOrTx, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(productCategories)
    .where(eq(productCategories.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function subCategoriesUsingCategory(db: DbOrTx, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(subCategoryCategories)
    .where(eq(subCategoryCategories.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function productsUsingSubCategory(db: DbOrTx, subCategoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(productSubCategories)
    .where(eq(productSubCategories.subCategoryId, subCategoryId));
  return row?.n ?? 0;
}
