import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  productAddSchema,
  productEditSchema,
  type Category,
  type Product,
  type SubCategory,
} from '@haat/shared/schemas/catalogue';
import { nounFor } from '@haat/shared/numerals';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { defaultVariantOf, pricedPerVariant, variantValues, type ProductOption, type ProductVariants, type Variant } from '@haat/shared/schemas/variants';
import { saveVariants, skuRace } from './variants';
import {
  categories,
  productCategories,
  products,
  productSubCategories,
  subCategories,
  subCategoryCategories,
} from '../../db/schema';
import { allDone } from '../../lib/all-done';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import { prepareImage, writeImage } from '../../lib/images';
import type { PictureStore } from '../../lib/storage';
import type { UploadedFile } from '../../lib/multipart';
import type { CategoryAddForm, CategoryEditForm, ProductAddForm, ProductEditForm, SubCategoryAddForm, SubCategoryEditForm } from './forms';
import { record } from '../audit/index';
import * as q from './queries';
import type { SynonymMap } from './search';

/** Upload limits (issue 4): 5 MB a file, 10 files a product, and a pixel cap against decompression bombs. */
export const UPLOAD_LIMITS = { maxFileBytes: 5 * 1024 * 1024, maxFiles: 10 } as const;
export const MAX_IMAGE_PIXELS = 25_000_000;

/** Server messages keep Latin digits (they are read in logs and by API clients too). */
/** 409: 'This category is used by 3 products. Move or delete them first.' */
const inUse = (owner: 'category' | 'sub-category', n: number, word: string, pluralWord: string) =>
  appError('CATEGORY_IN_USE', { owner, n, counted: nounFor(n, word, pluralWord) });

/** A malformed id is a 400; a well-formed one that is not there, a 404. */
export function requireId(value: unknown, what: string): string {
  if (!isId(value)) throw appError('INVALID_ID', { what });
  return value;
}

async function mustFindProduct(db: DbOrTx, id: unknown) {
  const row = await q.findProductRow(db, requireId(id, 'product'));
  if (!row) throw appError('PRODUCT_NOT_FOUND');
  return row;
}

async function mustFindCategory(db: DbOrTx, id: unknown) {
  const row = await q.findCategory(db, requireId(id, 'category'));
  if (!row) throw appError('CATEGORY_NOT_FOUND');
  return row;
}

async function mustFindSubCategory(db: DbOrTx, id: unknown) {
  const row = await q.findSubCategory(db, requireId(id, 'sub-category'));
  if (!row) throw appError('SUBCATEGORY_NOT_FOUND');
  return row;
}

/** Every id must be well-formed and exist, else 400 naming what is wrong. */
async function requireAll(db: DbOrTx, table: typeof categories | typeof subCategories, ids: string[], what: string) {
  if (!ids.every(isId)) throw appError('INVALID_ID', { what });
  const found = await q.existingIds(db, table, ids);
  if (found.size !== ids.length) throw appError('UNKNOWN_REFERENCE', { what });
}

/**
 * Decodes every file before writing any, so a bad or truncated file (415) or
 * a pixel bomb (413) leaves nothing stored. Files are content-addressed, so
 * writing before the database transaction is harmless if it then fails.
 */
async function storeAll(pictures: PictureStore, dir: string, files: UploadedFile[]): Promise<string[]> {
  const prepared = [];
  for (const f of files) prepared.push(await prepareImage(f.data, { maxPixels: MAX_IMAGE_PIXELS }));
  const urls = [];
  for (const p of prepared) urls.push(await writeImage(pictures, dir, p));
  return urls;
}

// ---- reads ------------------------------------------------------------------------

export async function productDetails(db: Db, productId: unknown): Promise<Product> {
  const product = await q.productById(db, requireId(productId, 'product'));
  if (!product) throw appError('PRODUCT_NOT_FOUND');
  return product;
}

/** The owner's read: unpublished products and variants too. */
export async function adminProduct(db: Db, productId: unknown): Promise<Product> {
  const product = await q.productById(db, requireId(productId, 'product'), false);
  if (!product) throw appError('PRODUCT_NOT_FOUND');
  return product;
}

/**
 * Where a listing learns that its category and sub-category exist: the routes pass the ids read once per
 * catalogue change (the cache's memo); without them each is looked up (issue 23).
 */
export type KnownIds = () => Promise<q.CatalogueIds>;

/** 400 for a malformed id, 404 for an unknown one, as mustFindCategory and mustFindSubCategory answer. */
async function mustExist(db: DbOrTx, kind: 'category' | 'sub-category', id: string, known?: KnownIds): Promise<void> {
  if (!known) {
    await (kind === 'category' ? mustFindCategory(db, id) : mustFindSubCategory(db, id));
    return;
  }
  const key = requireId(id, kind);
  const ids = await known();
  if (!(kind === 'category' ? ids.categories : ids.subCategories).has(key)) throw appError(kind === 'category' ? 'CATEGORY_NOT_FOUND' : 'SUBCATEGORY_NOT_FOUND');
}

// The page is read beside the checks that its category and sub-category exist: one wait, not three (issue 23).
// allDone: a 404 is answered only once the page's query has ended too.
export async function categoryProducts(db: Db, categoryId: string, page: number, limit: number, counted?: q.CountCache, known?: KnownIds) {
  const [, found] = await allDone([mustExist(db, 'category', categoryId, known), q.queryProducts(db, { categoryId, page, limit }, undefined, counted)]);
  return found;
}

export async function listingProducts(
  db: Db,
  input: { categoryId: string; subcategoryId: string; searchTerm: string; page: number; limit: number; sortby: q.ProductQuery['sort'] },
  synonyms?: SynonymMap,
  counted?: q.CountCache,
  known?: KnownIds,
) {
  const [, , found] = await allDone([
    mustExist(db, 'category', input.categoryId, known),
    mustExist(db, 'sub-category', input.subcategoryId, known),
    q.queryProducts(db, {
      categoryId: input.categoryId,
      subCategoryId: input.subcategoryId,
      search: input.searchTerm,
      sort: input.sortby,
      page: input.page,
      limit: input.limit,
    }, synonyms, counted),
  ]);
  return found;
}

// ---- categories -----------------------------------------------------------------

// ---- what the audit log keeps of each (decision 0065): the fields an owner edits, ids for links

const categoryAudit = (c: { name: string; nameBn: string; image: string }) => ({ name: c.name, name_bn: c.nameBn, image: c.image });
const subCategoryAudit = (s: SubCategory) => ({ name: s.name, name_bn: s.name_bn, image: s.image[0] ?? '', category: s.category.map((c) => c._id).sort() });
/**
 * A product's variants by id (issue 42): the log keeps the ones that changed, each with its
 * label (AUDIT_NAME_KEYS) and only its fields that changed: "L / Red: price 1,500 → 1,550".
 */
function variantsAudit(options: ProductOption[], variants: Variant[]) {
  return Object.fromEntries(
    variants.map((v) => {
      const [label, labelBn] = [variantValues(options, v.values, 'en'), variantValues(options, v.values, 'bn')];
      return [v._id, { label, ...(labelBn !== label && { label_bn: labelBn }), sku: v.sku, price: v.price, discount: v.discount, stock: v.stock, publish: v.publish }];
    }),
  );
}

function productAudit(p: Product) {
  const options = p.options ?? [];
  return {
    name: p.name,
    name_bn: p.name_bn,
    description: p.description,
    description_bn: p.description_bn,
    product_details: p.product_details,
    product_details_bn: p.product_details_bn,
    unit: p.unit,
    // Price, discount and stock are recorded per variant; a product's default variant records them as the
    // product's own, as before it was a row (decision 0111).
    ...(defaultVariantOf(p) ? { price: p.price, discount: p.discount, stock: p.stock } : { variants: variantsAudit(options, p.variants ?? []) }),
    quantity: p.quantity,
    image: p.image,
    more_details: p.more_details,
    publish: p.publish,
    category: p.category.map((c) => c._id).sort(),
    subCategory: p.subCategory.map((c) => c._id).sort(),
  };
}

export async function addCategory(db: Db, pictures: PictureStore, input: CategoryAddForm, actor: Actor): Promise<Category> {
  const [image] = await storeAll(pictures, 'categories', input.image.slice(0, 1));
  const id = newId();
  const row = { id, name: input.name, nameBn: input.name_bn, image: image! };
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(row);
    await record(tx, actor, { kind: 'category', action: 'create', targetId: id, label: row.name, labelBn: row.nameBn, after: categoryAudit(row) });
  });
  return { _id: id, name: input.name, name_bn: input.name_bn, image: image! };
}

export async function updateCategory(db: Db, pictures: PictureStore, input: CategoryEditForm, actor: Actor): Promise<Category> {
  const existing = await mustFindCategory(db, input.categoryId);
  // Edit keeps the existing image when none is sent.
  const [image = existing.image] = await storeAll(pictures, 'categories', input.image.slice(0, 1));
  // An edit that does not send name_bn (a client that predates it) keeps it; '' clears it.
  const nameBn = input.name_bn ?? existing.nameBn;
  await db.transaction(async (tx) => {
    await tx.update(categories).set({ name: input.name, nameBn, image, updatedAt: new Date() }).where(eq(categories.id, existing.id));
    await record(tx, actor, { kind: 'category', action: 'update', targetId: existing.id, label: input.name, labelBn: nameBn, before: categoryAudit(existing), after: categoryAudit({ name: input.name, nameBn, image }) });
  });
  return { _id: existing.id, name: input.name, name_bn: nameBn, image };
}

export async function deleteCategory(db: Db, categoryId: unknown, actor: Actor): Promise<void> {
  const existing = await mustFindCategory(db, categoryId);
  await db.transaction(async (tx) => {
    const usedByProducts = await q.countUses(tx, 'productsOfCategory', existing.id);
    if (usedByProducts > 0) {
      throw inUse('category', usedByProducts, 'product', 'products');
    }
    const usedBySubs = await q.countUses(tx, 'subCategoriesOfCategory', existing.id);
    if (usedBySubs > 0) {
      throw inUse('category', usedBySubs, 'sub-category', 'sub-categories');
    }
    await tx.delete(categories).where(eq(categories.id, existing.id));
    await record(tx, actor, { kind: 'category', action: 'delete', targetId: existing.id, label: existing.name, labelBn: existing.nameBn, before: categoryAudit(existing) });
  });
}

// ---- sub-categories ------------------------------------------------------------

export async function addSubCategory(db: Db, pictures: PictureStore, input: SubCategoryAddForm, actor: Actor): Promise<SubCategory> {
  await requireAll(db, categories, input.category, 'category');
  // A sub-category shows one picture; the first file is it.
  const [image] = await storeAll(pictures, 'subcategories', input.image.slice(0, 1));
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(subCategories).values({ id, name: input.name, nameBn: input.name_bn, image: image! });
    await tx.insert(subCategoryCategories).values(input.category.map((categoryId) => ({ subCategoryId: id, categoryId })));
    const [created] = await q.listSubCategories(tx, [id]);
    await record(tx, actor, { kind: 'sub_category', action: 'create', targetId: id, label: input.name, labelBn: created!.name_bn, after: subCategoryAudit(created!) });
  });
  const [created] = await q.listSubCategories(db, [id]);
  return created!;
}

export async function updateSubCategory(db: Db, pictures: PictureStore, input: SubCategoryEditForm, actor: Actor): Promise<SubCategory> {
  const existing = await mustFindSubCategory(db, input.subcategoryId);
  await requireAll(db, categories, input.category, 'category');
  const [image = existing.image] = await storeAll(pictures, 'subcategories', input.image.slice(0, 1));
  await db.transaction(async (tx) => {
    const [before] = await q.listSubCategories(tx, [existing.id]);
    // name_bn left out keeps the stored one, as for categories.
    await tx
      .update(subCategories)
      .set({ name: input.name, nameBn: input.name_bn ?? existing.nameBn, image, updatedAt: new Date() })
      .where(eq(subCategories.id, existing.id));
    await tx.delete(subCategoryCategories).where(eq(subCategoryCategories.subCategoryId, existing.id));
    await tx.insert(subCategoryCategories).values(input.category.map((categoryId) => ({ subCategoryId: existing.id, categoryId })));
    const [after] = await q.listSubCategories(tx, [existing.id]);
    await record(tx, actor, { kind: 'sub_category', action: 'update', targetId: existing.id, label: input.name, labelBn: after!.name_bn, before: subCategoryAudit(before!), after: subCategoryAudit(after!) });
  });
  const [updated] = await q.listSubCategories(db, [existing.id]);
  return updated!;
}

export async function deleteSubCategory(db: Db, subcategoryId: unknown, actor: Actor): Promise<void> {
  const existing = await mustFindSubCategory(db, subcategoryId);
  await db.transaction(async (tx) => {
    const used = await q.countUses(tx, 'productsOfSubCategory', existing.id);
    if (used > 0) throw inUse('sub-category', used, 'product', 'products');
    const [before] = await q.listSubCategories(tx, [existing.id]);
    await tx.delete(subCategories).where(eq(subCategories.id, existing.id));
    await record(tx, actor, { kind: 'sub_category', action: 'delete', targetId: existing.id, label: existing.name, labelBn: existing.nameBn, before: subCategoryAudit(before!) });
  });
}

// ---- products -------------------------------------------------------------------

async function writeProductLinks(tx: DbOrTx, productId: string, categoryIds: string[], subCategoryIds: string[]) {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productSubCategories).where(eq(productSubCategories.productId, productId));
  await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
  await tx.insert(productSubCategories).values(subCategoryIds.map((subCategoryId) => ({ productId, subCategoryId })));
}

/** The product columns add and edit both write from the parsed form (images and stock differ). */
function productColumns(input: z.output<typeof productAddSchema> | z.output<typeof productEditSchema>) {
  return {
    name: input.name,
    description: input.description,
    nameBn: input.name_bn,
    descriptionBn: input.description_bn,
    productDetails: input.product_details,
    productDetailsBn: input.product_details_bn,
    unit: input.unit,
    price: input.price,
    discount: input.discount,
    quantity: input.quantity,
    moreDetails: input.more_details,
    publish: input.publish,
    // Not ready to ship (issue 44): only when sent, so an edit from an older form keeps the day.
    ...(input.ships_on !== undefined ? { shipsOn: input.ships_on } : {}),
  };
}

export async function addProduct(db: Db, pictures: PictureStore, input: ProductAddForm, actor: Actor): Promise<Product> {
  await requireAll(db, categories, input.category, 'category');
  await requireAll(db, subCategories, input.subCategory, 'sub-category');
  const images = await storeAll(pictures, 'products', input.image);
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(products).values({ id, ...productColumns(input), images, stock: input.stock });
    if (input.variants) await saveVariantsOrSkuTaken(tx, { id, images }, input.variants);
    await writeProductLinks(tx, id, input.category, input.subCategory);
    await record(tx, actor, { kind: 'product', action: 'create', targetId: id, label: input.name, labelBn: input.name_bn, after: productAudit((await q.productById(tx, id, false))!) });
  });
  return (await q.productById(db, id, false))!;
}

/** saveVariants, with two saves racing for one SKU answered like a SKU already taken. */
async function saveVariantsOrSkuTaken(tx: Tx, product: { id: string; images: string[] }, input: ProductVariants): Promise<void> {
  try {
    await saveVariants(tx, product, input);
  } catch (err) {
    if (!skuRace(err)) throw err;
    throw appError('VARIANT_SKU_TAKEN', { field: 'variants', sku: input.variants.map((v) => v.sku).filter(Boolean).join(', ') });
  }
}

const conflictOnStock = (now: number) =>
  appError('STOCK_CHANGED', { n: now });

/** Price, discount and stock per variant, each under its own expectedStock; else the product's, under its expectedStock (pricedPerVariant). */
function checkEditedStock(existing: Awaited<ReturnType<typeof mustFindProduct>>, input: z.output<typeof productEditSchema>, chosen: ProductEditForm['variants']): void {
  if (pricedPerVariant(chosen ?? existing)) {
    if (!chosen) {
      // A client that predates variants: it may edit the rest, not what the variants decide.
      const changed = (['price', 'discount', 'stock'] as const).find((k) => input[k] !== existing[k]);
      if (changed) throw appError('VARIANT_FIELDS_PER_VARIANT', { field: changed });
    }
  } else if (input.expectedStock === undefined) {
    if (input.stock !== existing.stock) {
      throw appError('EXPECTED_STOCK_REQUIRED', { n: existing.stock });
    }
  } else if (input.expectedStock !== existing.stock) {
    throw conflictOnStock(existing.stock);
  }
}

/**
 * Edit: `image` text values name which current images to keep; new files are
 * added after them. With neither, the existing images stay.
 */
export async function editProduct(db: Db, pictures: PictureStore, form: ProductEditForm, actor: Actor): Promise<Product> {
  const existing = await mustFindProduct(db, form.productId);
  const { keep, files } = form;
  const kept = keep.length || files.length ? keep.filter((url) => existing.images.includes(url)) : existing.images;
  if (kept.length + files.length > UPLOAD_LIMITS.maxFiles) {
    throw appError('TOO_MANY_IMAGES', { n: UPLOAD_LIMITS.maxFiles });
  }
  // Checked here, not at the edge: the images kept and the default quantity are the stored product's.
  const input = productEditSchema.parse({
    ...form.fields,
    image: [...kept, ...files],
    quantity: form.fields.quantity ?? existing.quantity,
    // An edit that does not send the Bangla texts (a client that predates them) keeps them; '' clears them.
    name_bn: form.fields.name_bn ?? existing.nameBn,
    description_bn: form.fields.description_bn ?? existing.descriptionBn,
    product_details_bn: form.fields.product_details_bn ?? existing.productDetailsBn,
    productId: existing.id,
    expectedStock: form.expectedStock,
  });
  const chosen = form.variants;
  checkEditedStock(existing, input, chosen);
  await requireAll(db, categories, input.category, 'category');
  await requireAll(db, subCategories, input.subCategory, 'sub-category');
  const added = await storeAll(pictures, 'products', files);
  const variantStock = pricedPerVariant(chosen ?? existing);
  await db.transaction(async (tx) => {
    const before = (await q.productById(tx, existing.id, false))!;
    // Variants write the stock themselves (below); a product without them writes it under expectedStock.
    const guarded = !variantStock && input.expectedStock !== undefined;
    const updated = await tx
      .update(products)
      .set({
        ...productColumns(input),
        // The variants' summary replaces these below; left as stored until then.
        ...(variantStock ? { price: existing.price, discount: existing.discount } : {}),
        images: [...kept, ...added],
        // Without expectedStock the stock sent equals the current one: leave the column alone.
        ...(guarded ? { stock: input.stock } : {}),
        updatedAt: new Date(),
      })
      .where(guarded ? and(eq(products.id, existing.id), eq(products.stock, input.expectedStock!)) : eq(products.id, existing.id))
      .returning({ id: products.id });
    if (updated.length === 0) {
      const now = await q.findProductRow(tx, existing.id);
      throw now ? conflictOnStock(now.stock) : appError('PRODUCT_NOT_FOUND');
    }
    if (chosen) await saveVariantsOrSkuTaken(tx, { id: existing.id, images: [...kept, ...added] }, chosen);
    await writeProductLinks(tx, existing.id, input.category, input.subCategory);
    // Price and stock show as before → after like every other field that changed.
    await record(tx, actor, { kind: 'product', action: 'update', targetId: existing.id, label: input.name, labelBn: input.name_bn, before: productAudit(before), after: productAudit((await q.productById(tx, existing.id, false))!) });
  });
  return (await q.productById(db, existing.id, false))!;
}

export async function deleteProduct(db: Db, productId: unknown, actor: Actor): Promise<void> {
  const existing = await mustFindProduct(db, productId);
  // Links cascade; order items keep their snapshot (product_id set null).
  await db.transaction(async (tx) => {
    const before = await q.productById(tx, existing.id, false);
    const gone = await tx.delete(products).where(eq(products.id, existing.id)).returning({ id: products.id });
    if (gone.length && before) await record(tx, actor, { kind: 'product', action: 'delete', targetId: existing.id, label: existing.name, labelBn: existing.nameBn, before: productAudit(before) });
  });
}
