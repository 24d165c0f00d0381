import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Category, NamedRef, Product, ProductSort, SubCategory } from '@haat/shared/schemas/catalogue';
import type { ProductOption } from '@haat/shared/schemas/variants';
import type { Db, DbOrTx } from '../../db/client';
import {
  categories,
  listingCounts,
  productCategories,
  products,
  productSubCategories,
  productVariants,
  subCategories,
  subCategoryCategories,
} from '../../db/schema';
import { fullTextSql, planSearch, typoSql, useSearchIndex, useTypoThreshold, type SearchSql, type SynonymMap } from './search';
import { readSynonymMap } from './synonyms';
import { everyVariantOf, variantView } from './variants';

/**
 * A product's columns but the generated search vector, which no answer shows
 * and which is often larger than the rest of the row (issue 23).
 */
const { searchVector: _searchVector, ...productFields } = getTableColumns(products);
type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'>;

// ---- categories and sub-categories ---------------------------------------------

export async function listCategories(db: DbOrTx): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id));
  return rows.map((c) => ({ _id: c.id, name: c.name, name_bn: c.nameBn, image: c.image }));
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
        .select({ subId: subCategoryCategories.subCategoryId, _id: categories.id, name: categories.name, name_bn: categories.nameBn })
        .from(subCategoryCategories)
        .innerJoin(categories, eq(categories.id, subCategoryCategories.categoryId))
        .where(inArray(subCategoryCategories.subCategoryId, rows.map((r) => r.id)))
        .orderBy(asc(categories.createdAt), asc(categories.id))
    : [];
  const bySub = groupRefs(links.map(({ subId, ...ref }) => ({ owner: subId, ...ref })));
  // Spec §3 reads the image as a list (admin) and as one picture (listing): a one-item list serves both.
  return rows.map((s) => ({ _id: s.id, name: s.name, name_bn: s.nameBn, image: [s.image], category: bySub.get(s.id) ?? [] }));
}

export async function findCategory(db: DbOrTx, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row ?? null;
}

export async function findSubCategory(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subCategories).where(eq(subCategories.id, id));
  return row ?? null;
}

/** Every category's and every sub-category's id. */
export interface CatalogueIds {
  categories: Set<string>;
  subCategories: Set<string>;
}

/** Read once per catalogue change by the routes: a listing checks its two ids against them instead of two statements (issue 23). */
export async function catalogueIds(db: DbOrTx): Promise<CatalogueIds> {
  const [cats, subs] = await Promise.all([db.select({ id: categories.id }).from(categories), db.select({ id: subCategories.id }).from(subCategories)]);
  return { categories: new Set(cats.map((r) => r.id)), subCategories: new Set(subs.map((r) => r.id)) };
}

/** Which of these ids exist in the table. */
export async function existingIds(db: DbOrTx, table: typeof categories | typeof subCategories, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- products -------------------------------------------------------------------

/** Every NamedRef is built here, so each one carries the Bangla name beside the English. */
function groupRefs(rows: ({ owner: string } & NamedRef)[]): Map<string, NamedRef[]> {
  const out = new Map<string, NamedRef[]>();
  for (const r of rows) {
    const list = out.get(r.owner) ?? [];
    list.push({ _id: r._id, name: r.name, name_bn: r.name_bn });
    out.set(r.owner, list);
  }
  return out;
}

/**
 * The categories and sub-categories of these products, in one round trip, each
 * product's in the order they were created (the API and the CSV export list them alike).
 */
export async function productLinks(db: DbOrTx, ids: string[]): Promise<{ categories: Map<string, NamedRef[]>; subCategories: Map<string, NamedRef[]> }> {
  if (ids.length === 0) return { categories: new Map(), subCategories: new Map() };
  const links = await db
    .select({ kind: sql<string>`'c'`, owner: productCategories.productId, _id: categories.id, name: categories.name, name_bn: categories.nameBn, createdAt: categories.createdAt })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, ids))
    .unionAll(
      db
        .select({ kind: sql<string>`'s'`, owner: productSubCategories.productId, _id: subCategories.id, name: subCategories.name, name_bn: subCategories.nameBn, createdAt: subCategories.createdAt })
        .from(productSubCategories)
        .innerJoin(subCategories, eq(subCategories.id, productSubCategories.subCategoryId))
        .where(inArray(productSubCategories.productId, ids)),
    );
  links.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return { categories: groupRefs(links.filter((l) => l.kind === 'c')), subCategories: groupRefs(links.filter((l) => l.kind !== 'c')) };
}

/**
 * A product's categories (or sub-categories) as the API shows them, in the order they were created, read by the
 * statement that reads the product: a page or a details answer costs one statement, not two (issue 23, decision 0079).
 */
const refsOf = (link: 'product_categories' | 'product_sub_categories', owner: 'category_id' | 'sub_category_id', named: 'categories' | 'sub_categories') =>
  // Raw names: drizzle drops the table from a column of a one-table select, which would make these ambiguous.
  sql<NamedRef[]>`coalesce((${sql.raw(`select json_agg(json_build_object('_id', n.id, 'name', n.name, 'name_bn', n.name_bn) order by n.created_at, n.id collate "C")
    from ${link} l join ${named} n on n.id = l.${owner} where l.product_id = "products"."id"`)}), '[]'::json)`;

/** The columns answers show, with the product's category and sub-category names. */
const listedFields = {
  ...productFields,
  categoryRefs: refsOf('product_categories', 'category_id', 'categories'),
  subCategoryRefs: refsOf('product_sub_categories', 'sub_category_id', 'sub_categories'),
};
type ListedRow = ProductRow & { categoryRefs: NamedRef[]; subCategoryRefs: NamedRef[] };

function toProduct(r: ListedRow): Product {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    name_bn: r.nameBn,
    description_bn: r.descriptionBn,
    product_details: r.productDetails,
    product_details_bn: r.productDetailsBn,
    unit: r.unit,
    price: r.price,
    discount: r.discount,
    image: r.images,
    stock: r.stock,
    quantity: r.quantity,
    more_details: r.moreDetails,
    category: r.categoryRefs,
    subCategory: r.subCategoryRefs,
    publish: r.publish,
    // Only for a product not ready to ship (issue 44), so every other answer stays as it was.
    ...(r.shipsOn ? { ships_on: r.shipsOn } : {}),
    createdAt: r.createdAt.toISOString(),
    price_varies: r.priceVaries,
    ...ratingOf(r),
  };
}

/** The published reviews' average and count, from the counts per star kept on the row (issue 47, decision 0124). */
function ratingOf(r: ProductRow): { rating?: { average: number; count: number } } {
  const stars = [r.rating1, r.rating2, r.rating3, r.rating4, r.rating5];
  const count = stars.reduce((s, n) => s + n, 0);
  if (!count) return {};
  const sum = stars.reduce((s, n, i) => s + n * (i + 1), 0);
  return { rating: { average: Math.round((sum * 100) / count) / 100, count } };
}

export async function findProductRow(db: DbOrTx, id: string): Promise<ProductRow | null> {
  const [row] = await db.select(productFields).from(products).where(eq(products.id, id));
  return row ?? null;
}

/**
 * One product with its options and variants (issue 21): a shopper's read
 * (publishedOnly) shows only published variants; the owner's shows them all.
 * A product without options answers its default variant, which shows as the product itself.
 */
export async function productById(db: DbOrTx, id: string, publishedOnly = true): Promise<Product | null> {
  // The row with its categories in one statement, then its variants (every product has one: decision 0111).
  const [row] = await db.select(listedFields).from(products).where(eq(products.id, id));
  if (!row || (publishedOnly && !row.publish)) return null;
  const own = (await everyVariantOf(db, [id])).get(id) ?? [];
  return {
    ...toProduct(row),
    options: row.options,
    variants: own.filter((v) => v.publish || !publishedOnly).map(variantView),
  };
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

/**
 * Where a plain list (no search) takes its total from: the route passes the
 * catalogue cache's, so a sale's listings count each sub-category once per
 * catalogue change instead of on every page (issue 23). Stock changes keep it.
 */
export type CountCache = (key: string, count: () => Promise<number>) => Promise<number>;

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
 * Past this many matches a search is broad (a word of a letter or two, typed
 * while still typing, matches a third of the catalogue): it is ranked among
 * that many of its matches and its name matches, not among all (decision 0074).
 */
export const BROAD_SEARCH = 1_000;

/** What a search ranks its candidates on (and their id). */
const rankedColumns = sql`${products.id}, ${products.searchVector}, ${products.createdAt}`;

/** Blocks of the products table a ranked search reads in order first, to see how dense its matches are (decision 0084). */
export const SAMPLE_BLOCKS = 128;
/** The most blocks a dense search reads in order instead of asking the search index for all its matches. */
export const MAX_SCAN_BLOCKS = 4_096;
/** A word matching this share of the sampled products is dense: the index would list a good part of the catalogue for it. */
const DENSE_WORD = 0.05;
/** Rows the index may give for the other words when the sample tells nothing of the search's own density: reading them is cheap. */
const FEW_ROWS = 0.005;

const blocksBefore = (block: number) => sql`${products}.ctid < ${`(${block},0)`}::tid`;

/**
 * A search's first `limit` matches in the table's order, with the columns it ranks on: what a
 * bitmap scan of the search index gives. That scan first builds the bitmap of every match, and the
 * prefix of a common word (or a letter) matches 100,000 products at a million: 100–300 ms
 * (decision 0084). The first SAMPLE_BLOCKS of the table tell how dense the search and each of its
 * words are. A dense search has `limit` matches in a few blocks: those are read in order (the same
 * rows in the same order), and the index is asked only if they fall short. Otherwise a dense word
 * is left out of what the index is asked, and read on the rows the other words find, when these
 * rows are not many more than the matches. Either way the same rows come, in the same order.
 */
async function candidates(tx: DbOrTx, search: SearchSql, where: SQL, limit: number): Promise<SQL> {
  const terms = search.terms ?? [];
  const names = search.nameWhere ? and(search.nameWhere, where)! : undefined;
  const res = (await tx.execute(
    sql`select count(*)::int as rows, (count(*) filter (where ${where}))::int as hits${names ? sql`, (count(*) filter (where ${names}))::int as names` : sql``}${sql.join(
      terms.map((t, i) => sql`, (count(*) filter (where ${t}))::int as ${sql.identifier(`t${i}`)}`),
    )} from ${products} where ${blocksBefore(SAMPLE_BLOCKS)}`,
  )) as unknown as { rows: Record<string, number>[] };
  const sample = res.rows[0] ?? {};
  const [rows, hits] = [Number(sample.rows ?? 0), Number(sample.hits ?? 0)];
  const termHits = terms.map((_, i) => Number(sample[`t${i}`] ?? 0));
  // The words the index is asked for: all, or those that are not dense when some are and the rest find few rows more than the matches.
  // Too few rows to call a word dense tell nothing: a small catalogue asks the index for every word, as before.
  const dense = (h: number) => h >= rows * DENSE_WORD && h >= 20;
  const sparse = terms.filter((_, i) => !dense(termHits[i]!));
  const rest = Math.min(...termHits.filter((h) => !dense(h)));
  // Reading the rows of a word in 200 (a tenth of a dense word's share) costs less than listing a dense word's products.
  const asked = sparse.length > 0 && sparse.length < terms.length && rest <= Math.max(hits * 4, rows * FEW_ROWS) ? and(...sparse) : undefined;
  // OFFSET 0 keeps the search's conditions outside the scan below it: read on its rows, never asked of the index; the LIMIT stops the read.
  const readOn = (scan: SQL, cond: SQL) => sql`select ${rankedColumns} from (select * from ${products} where ${scan} offset 0) as ${products} where ${cond} limit ${limit}`;
  /** The first `limit` rows meeting cond: from the table's first blocks when the sample says they are likely there, else from viaIndex. */
  const inOrderOr = (cond: SQL, inSample: number, viaIndex: SQL, gate?: SQL) => {
    // Half as many blocks again as the sample's density asks for: a run of fewer matches still fills.
    const blocks = inSample >= limit ? SAMPLE_BLOCKS : Math.ceil((1.5 * limit * SAMPLE_BLOCKS) / Math.max(inSample, 1));
    if (inSample === 0 || blocks > MAX_SCAN_BLOCKS) return viaIndex;
    return sql`select * from (with s as materialized (${readOn(and(blocksBefore(blocks), gate)!, cond)}) select * from s where (select count(*) from s) >= ${limit}
      union all (select * from (${viaIndex}) as i where (select count(*) from s) < ${limit})) as f`;
  };
  const first = inOrderOr(where, hits, asked ? readOn(asked, where) : sql`select ${rankedColumns} from ${products} where ${where} limit ${limit}`);
  if (!names) return first;
  // The name matches are looked for only when the search is broad: else they are among the first part already, and
  // the one-time filter spares reading them twice (issue 23: half of a narrow search's time). The name index finds them,
  // narrowed through the search index by the rarest word unless it is dense (the whole search would list every common
  // prefix again), and not at all for one word (a name holding it, or a synonym, whole matches it); the whole search
  // is read on their rows.
  const broad = sql`(select count(*) from m) > ${BROAD_SEARCH}`;
  const rarest = termHits.indexOf(Math.min(...termHits));
  const narrowing = terms.length > 1 && !dense(termHits[rarest]!) ? terms[rarest] : undefined;
  const nameMatches = inOrderOr(names, Number(sample.names ?? 0), readOn(and(search.nameWhere, narrowing, broad)!, where), broad);
  return sql`with m as (${first}) select distinct on (id) * from (select * from m union all (${nameMatches})) as u`;
}

/** What every part of a product listing reads: the query, the published-and-linked filters, the order. */
interface Listing {
  q: ProductQuery;
  filters: SQL[];
  order: SQL[];
}

/**
 * One page of published products with the total that matched. A search tries
 * full text first and falls back to typo matching when that finds nothing;
 * each runs in a transaction of its own, for the settings it needs (the search
 * index, the typo threshold: decision 0049).
 */
export async function queryProducts(db: Db, q: ProductQuery, synonyms?: SynonymMap, counted?: CountCache): Promise<ProductPage> {
  // The shop's synonyms (decision 0049): the API passes its cached map; other callers read them here.
  const words = q.search?.trim() ? (synonyms ?? (await readSynonymMap(db))) : undefined;
  const plan = planSearch(q.search ?? '', words);
  if (plan.kind === 'none') return { data: [], totalCount: 0 };
  const l: Listing = { q, filters: listingFilters(q), order: sortOrder(q.sort ?? 'newest') };
  if (plan.kind === 'all') return allPage(db, l, counted);
  // A variant's SKU typed whole finds its product (issue 21), before any word match.
  const bySku = await skuPage(db, l, q.search!.trim());
  if (bySku) return bySku;
  const exact = await db.transaction(async (tx) => {
    await useSearchIndex(tx);
    return searchPage(tx, l, fullTextSql(plan));
  });
  if (exact.totalCount > 0) return exact;
  // The typo threshold is a transaction setting: only the fallback needs it.
  return db.transaction(async (tx) => {
    await useTypoThreshold(tx);
    // Close words of the words as typed first; those of their Bangla too only when that finds nothing (decision 0038).
    const typed = await typoSql(tx, plan, words);
    const found = typed ? await searchPage(tx, l, typed) : { data: [], totalCount: 0 };
    if (found.totalCount > 0 || !plan.words.some((w) => w.prefixes.length > 1)) return found;
    const bangla = await typoSql(tx, plan, words, true);
    return bangla ? searchPage(tx, l, bangla) : found;
  });
}

/** Published, and in the category and sub-category asked for. */
function listingFilters(q: ProductQuery): SQL[] {
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
  return filters;
}

// The total is its own count(*): a count(*) over () window would make every
// page read all the matching rows in full (issue 9: 220–700 ms at 100,000).
async function countOf(tx: DbOrTx, where: SQL | undefined): Promise<number> {
  const [c] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products).where(where);
  return c?.n ?? 0;
}

function pageRows(tx: DbOrTx, { q, order }: Listing, where: SQL | undefined) {
  return tx
    .select(listedFields)
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
}

/** No search: the page in the order asked, and the (cached) total. */
async function allPage(db: Db, l: Listing, counted?: CountCache): Promise<ProductPage> {
  const { q } = l;
  if ((q.categoryId || q.subCategoryId) && (q.sort ?? 'newest') === 'newest') return newestLinked(db, q, counted);
  const where = and(...l.filters);
  const total = () => (q.categoryId || q.subCategoryId ? listingCount(db, q.categoryId, q.subCategoryId) : countOf(db, where));
  const [found, totalCount] = await Promise.all([pageRows(db, l, where), counted ? counted(`${q.categoryId ?? ''}/${q.subCategoryId ?? ''}`, total) : total()]);
  return { data: found.map(toProduct), totalCount };
}

/** The product whose variant has this SKU, when the search is one word that could be one; undefined otherwise. */
async function skuPage(db: Db, l: Listing, sku: string): Promise<ProductPage | undefined> {
  if (/\s/.test(sku) || sku.length > 64) return undefined;
  const [bySku] = await db
    .select(listedFields)
    .from(products)
    .where(and(...l.filters, sql`${products.id} = (select ${productVariants.productId} from ${productVariants} where lower(${productVariants.sku}) = lower(${sku}))`));
  return bySku ? { data: l.q.page === 1 ? [toProduct(bySku)] : [], totalCount: 1 } : undefined;
}

/**
 * A search ranks its matches, bounded (decision 0074): any BROAD_SEARCH + 1
 * of them and those whose name holds a typed word whole (what ranks first).
 * A narrow search (nearly every one a shopper finishes typing) has no more
 * matches than that, so all of them are ranked, as before; a broad one (a
 * word of a letter or two matches a third of the catalogue) costs what a
 * narrow one does, at any size of catalogue. One pass over the candidates
 * (narrow rows: id and sort keys) gives the page and their number; then only
 * the page's rows are read in full.
 */
async function searchPage(tx: DbOrTx, l: Listing, search: SearchSql): Promise<ProductPage> {
  const where = and(...l.filters, search.where);
  if (l.q.sort) return sortedSearchPage(tx, l, where);
  // Any BROAD_SEARCH + 1 matches, in the order the search index gives them (all of them when the search is narrow),
  // and the matches whose name holds a typed word whole (what ranks first), each once; only the columns ranked on.
  // Found as decision 0084 tells: the same rows as the search index gives, without listing every match of a common prefix.
  const { hits, total } = await rankedAmong(tx, l, search, await candidates(tx, search, where!, BROAD_SEARCH + 1));
  if (hits.length === 0) return { data: [], totalCount: total };
  const found = new Map((await tx.select(listedFields).from(products).where(inArray(products.id, hits.map((h) => h.id)))).map((r) => [r.id, r]));
  return { data: hits.map((h) => toProduct(found.get(h.id)!)), totalCount: total };
}

/**
 * A chosen order needs no rank. With a window count the planner may walk
 * the whole created_at index to skip a sort (580 ms at 100,000); with a
 * plain LIMIT it stops after the page, and the total is its own count (bounded as above).
 */
async function sortedSearchPage(tx: DbOrTx, l: Listing, where: SQL | undefined): Promise<ProductPage> {
  const { q } = l;
  const newest = (n: number) => tx.select({ id: products.id }).from(products).where(where).orderBy(desc(products.createdAt), desc(products.id)).limit(n);
  const [c] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(newest(BROAD_SEARCH + 1).as('m'));
  const broad = (c?.n ?? 0) > BROAD_SEARCH;
  const totalCount = Math.min(c?.n ?? 0, BROAD_SEARCH);
  if (totalCount <= (q.page - 1) * q.limit) return { data: [], totalCount };
  return { data: (await pageRows(tx, l, broad ? inArray(products.id, newest(BROAD_SEARCH)) : where)).map(toProduct), totalCount };
}

/** The page's ids ranked from a derived table named "products", so that the rank's column references read its rows. */
async function rankedAmong(tx: DbOrTx, { q, order }: Listing, search: SearchSql, candidates: SQL) {
  const page = (offset: number, limit: number) =>
    tx
      // The id through sql: drizzle refuses a table's column when its FROM is not the table itself.
      .select({ id: sql<string>`${products.id}`, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(sql`(${candidates}) as ${products}`)
      // Without a chosen sort a search orders by relevance.
      .orderBy(...search.rank.map((r) => desc(r)), ...order)
      .limit(limit)
      .offset(offset);
  const hits = await page((q.page - 1) * q.limit, q.limit);
  // Past the last page the window count is absent: the first row brings it.
  return hits.length || q.page === 1 ? { hits, total: hits[0]?.total ?? 0 } : { hits, total: (await page(0, 1))[0]?.total ?? 0 };
}

/**
 * The newest published products of a sub-category (or a category): one walk
 * along the link table's listing index (migration 0018) picks the page's ids,
 * however deep the page, then the page's rows are read by key (issue 23).
 */
async function newestLinked(db: Db, q: ProductQuery, counted?: CountCache): Promise<ProductPage> {
  const link = q.subCategoryId
    ? { table: productSubCategories, owner: productSubCategories.subCategoryId, ownerId: q.subCategoryId, productId: productSubCategories.productId, createdAt: productSubCategories.createdAt, publish: productSubCategories.publish }
    : { table: productCategories, owner: productCategories.categoryId, ownerId: q.categoryId!, productId: productCategories.productId, createdAt: productCategories.createdAt, publish: productCategories.publish };
  // A listing names both: the product must also be in the category (an index-only probe of its key) —
  // unless every product of the sub-category is, which is the rule: a deep page at a million products
  // skips 20,000 entries instead of probing for each (1.7 s → 90 ms). Both counts are kept by triggers
  // (decision 0103): the sub-category's products outside the category are its count less the pair's.
  const inCategory = q.subCategoryId && q.categoryId ? sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${link.productId} and ${productCategories.categoryId} = ${q.categoryId})` : undefined;
  const owned = sql`${link.owner} = ${link.ownerId} and ${link.publish}`;
  const outside = () => outsideCategory(db, q.categoryId!, q.subCategoryId!);
  const strays = inCategory ? await (counted ? counted(`outside:${q.categoryId}/${q.subCategoryId}`, outside) : outside()) : 0;
  const where = strays > 0 ? sql`${owned} and ${inCategory}` : owned;
  const pageIds = sql`select ${link.productId} from ${link.table} where ${where} order by ${link.createdAt} desc, ${link.productId} desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  const total = () => listingCount(db, q.categoryId, q.subCategoryId);
  const [rows, totalCount] = await Promise.all([
    db.select(listedFields).from(products).where(sql`${products.id} in (${pageIds})`).orderBy(...sortOrder('newest')),
    counted ? counted(`${q.categoryId ?? ''}/${q.subCategoryId ?? ''}`, total) : total(),
  ]);
  return { data: rows.map(toProduct), totalCount };
}

/**
 * The published products of a category, a sub-category, or of both (linked to each): one row kept by the link
 * tables' triggers (migration 0046, decision 0103) instead of counting 20,000–160,000 links at a million products.
 */
async function listingCount(db: DbOrTx, categoryId: string | undefined, subCategoryId: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: listingCounts.n })
    .from(listingCounts)
    .where(and(eq(listingCounts.categoryId, categoryId ?? ''), eq(listingCounts.subCategoryId, subCategoryId ?? '')));
  return row?.n ?? 0;
}

/** The sub-category's published products that are not in the category: its count less the pair's, in one read. */
async function outsideCategory(db: DbOrTx, categoryId: string, subCategoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(case when ${listingCounts.categoryId} = '' then ${listingCounts.n} else -${listingCounts.n} end), 0)`.mapWith(Number) })
    .from(listingCounts)
    .where(and(eq(listingCounts.subCategoryId, subCategoryId), inArray(listingCounts.categoryId, ['', categoryId])));
  return row?.n ?? 0;
}

/** What may still use a category or sub-category: its delete is refused while any row does. */
const USES = {
  productsOfCategory: [productCategories, productCategories.categoryId],
  subCategoriesOfCategory: [subCategoryCategories, subCategoryCategories.categoryId],
  productsOfSubCategory: [productSubCategories, productSubCategories.subCategoryId],
} as const;

/** How many rows of that kind point at `id`. */
export async function countUses(db: DbOrTx, what: keyof typeof USES, id: string): Promise<number> {
  const [table, column] = USES[what];
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(eq(column, id));
  return row?.n ?? 0;
}

// ---- the whole published catalogue, in id order (sitemap and feeds) ------------------

export interface PublicProductRow {
  id: string;
  name: string;
  description: string;
  price: number;
  discount: number;
  stock: number;
  images: string[];
  updatedAt: Date;
  /** The product's options (issue 21): [] for a product that is its own single variant. */
  options: ProductOption[];
}

/**
 * Up to `limit` published products in id order, from `range.from` (or after
 * `range.after`) and before `range.before`: keyset paging on the primary key,
 * so every page costs the same however deep it is.
 */
export async function publishedProducts(db: DbOrTx, range: ProductRange, limit: number): Promise<PublicProductRow[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      discount: products.discount,
      stock: products.stock,
      images: products.images,
      updatedAt: products.updatedAt,
      options: products.options,
    })
    .from(products)
    .where(inRange(range))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** As publishedProducts, only what a sitemap needs (no descriptions read). */
export async function publishedProductLinks(db: DbOrTx, range: ProductRange, limit: number): Promise<Pick<PublicProductRow, 'id' | 'name' | 'updatedAt'>[]> {
  return db
    .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
    .from(products)
    .where(inRange(range))
    .orderBy(asc(products.id))
    .limit(limit);
}

export interface ProductRange {
  from?: string;
  after?: string;
  before?: string;
}

const inRange = (range: ProductRange) =>
  and(
    eq(products.publish, true),
    range.from === undefined ? undefined : sql`${products.id} >= ${range.from}`,
    range.after === undefined ? undefined : sql`${products.id} > ${range.after}`,
    range.before === undefined ? undefined : sql`${products.id} < ${range.before}`,
  );

/** The first id of every page of `pageSize` published products, in id order: where each sitemap page starts. */
export async function publishedProductPageStarts(db: DbOrTx, pageSize: number): Promise<string[]> {
  const res = (await db.execute(sql`
    select id from (
      select id, row_number() over (order by id) as n from ${products} where ${products.publish}
    ) t where (n - 1) % ${pageSize} = 0 order by id`)) as unknown as { rows: { id: string }[] };
  return res.rows.map((r) => r.id);
}
