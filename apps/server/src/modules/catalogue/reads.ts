import type { FastifyInstance } from 'fastify';
import { categoryListReplySchema, productReplySchema, subCategoryListReplySchema, type Category, type Product, type SubCategory } from '@haat/shared/schemas/catalogue';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { ok, okList } from '../../lib/reply';
import { CatalogueCache, type Loaded } from './cache';
import * as q from './queries';
import * as service from './service';

/**
 * The catalogue's cached public reads: the read cache the API and the
 * server-rendered page heads share (one per app), and the reads through it.
 * Others reach them through the door, index.ts.
 */

const caches = new WeakMap<AppDeps, Promise<CatalogueCache>>();

/**
 * The app's one catalogue read cache (one LISTEN connection), keyed by the
 * app's deps so that two apps on one database (tests) never share it; closed
 * with the app.
 */
export function catalogueCache(deps: AppDeps, app: FastifyInstance): Promise<CatalogueCache> {
  let pending = caches.get(deps);
  if (!pending) {
    const cache = new CatalogueCache(undefined, deps.config.CATALOGUE_MAX_STALE_MS, deps.config.CATALOGUE_STOCK_GRACE_MS);
    pending = cache.start(deps.database).then(() => cache);
    caches.set(deps, pending);
    app.addHook('onClose', () => cache.close());
  }
  return pending;
}

/** A cached read's key: the API route and its parsed input, so the page head and the SPA's call share one entry. */
export const readKey = (url: string, input?: unknown) => (input === undefined ? url : `${url}:${JSON.stringify(input)}`);

// A cached answer is sent as a prepared string, which Fastify does not serialise: each is built through its
// declared reply schema here, so it holds exactly the declared fields (decision 0055).
// Each load reads the database the cache hands it: the read replica or the primary (decision 0072).
// eslint-disable-next-line no-restricted-syntax -- the API's route (under /api), not the SPA's product page.
export const PRODUCT_DETAILS_URL = '/product/get-product-details';
export const loadProductDetails = (productId: string) => async (db: Db): Promise<Loaded> => ({
  body: productReplySchema.parse(ok(await service.productDetails(db, productId))),
  productIds: [productId],
});
export const loadCategories = async (db: Db): Promise<Loaded> => {
  const all = await q.listCategories(db);
  return { body: categoryListReplySchema.parse(okList(all, all.length, all.length)), productIds: [] };
};
export const loadSubCategories = async (db: Db): Promise<Loaded> => {
  const all = await q.listSubCategories(db);
  return { body: subCategoryListReplySchema.parse(okList(all, all.length, all.length)), productIds: [] };
};

const dataOf = <T>(json: string) => (JSON.parse(json) as { data: T }).data;

/** A published product from the cache (the entry the product page's API call then finds), or null when unknown. */
export async function cachedProduct(cache: CatalogueCache, productId: string): Promise<Product | null> {
  try {
    return dataOf<Product>((await cache.get(readKey(PRODUCT_DETAILS_URL, { productId }), loadProductDetails(productId))).json);
  } catch (err) {
    // Unknown, unpublished or a malformed id: the same to the public.
    if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 400)) return null;
    throw err;
  }
}

export async function cachedCategories(cache: CatalogueCache): Promise<Category[]> {
  return dataOf<Category[]>((await cache.get('categories', loadCategories)).json);
}

export async function cachedSubCategories(cache: CatalogueCache): Promise<SubCategory[]> {
  return dataOf<SubCategory[]>((await cache.get('sub-categories', loadSubCategories)).json);
}
