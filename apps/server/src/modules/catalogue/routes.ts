import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  categoryIdSchema,
  categoryProductsQuerySchema,
  listingQuerySchema,
  productIdSchema,
  productListQuerySchema,
  subCategoryIdSchema,
} from '@haat/shared/schemas/catalogue';
import type { AppDeps } from '../../app';
import { sendCached } from '../../lib/httpCache';
import { readMultipart } from '../../lib/multipart';
import { ok, okList } from '../../lib/reply';
import * as q from './queries';
import * as service from './service';

/**
 * Catalogue of spec §7: reads are public and cacheable (ETag + Cache-Control);
 * writes are ADMIN only. Product reads answer POST (as the spec names them)
 * and GET with the same fields in the query string, which browsers can cache.
 */
export const catalogueRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  const { db } = deps.database;
  const dataDir = deps.config.DATA_DIR;
  const admin = { preHandler: deps.guards.requireAdmin };
  /** Fields from the query string and, for POST/DELETE, the JSON body. */
  const input = (req: FastifyRequest) => ({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) });
  const upload = (req: FastifyRequest) => readMultipart(req, service.UPLOAD_LIMITS);

  // ---- categories
  app.get('/category/get-category', async (req, reply) => {
    const list = await q.listCategories(db);
    return sendCached(req, reply, okList(list, list.length, list.length));
  });
  app.post('/category/add-category', admin, async (req) =>
    ok(await service.addCategory(db, dataDir, await upload(req)), 'Category added.'),
  );
  app.put('/category/update-category', admin, async (req) =>
    ok(await service.updateCategory(db, dataDir, await upload(req)), 'Category updated.'),
  );
  app.delete('/category/delete-category', admin, async (req) => {
    await service.deleteCategory(db, categoryIdSchema.parse(input(req)).categoryId);
    return ok(null, 'Category deleted.');
  });

  // ---- sub-categories
  app.get('/subcategory/get-subcategories', async (req, reply) => {
    const list = await q.listSubCategories(db);
    return sendCached(req, reply, okList(list, list.length, list.length));
  });
  app.post('/subcategory/add-subcategory', admin, async (req) =>
    ok(await service.addSubCategory(db, dataDir, await upload(req)), 'Sub-category added.'),
  );
  app.put('/subcategory/update-subcategories', admin, async (req) =>
    ok(await service.updateSubCategory(db, dataDir, await upload(req)), 'Sub-category updated.'),
  );
  app.delete('/subcategory/delete-subcategories', admin, async (req) => {
    await service.deleteSubCategory(db, subCategoryIdSchema.parse(input(req)).subcategoryId);
    return ok(null, 'Sub-category deleted.');
  });

  // ---- product reads
  const read = ['GET', 'POST'] as const;
  app.route({
    method: [...read],
    url: '/product/get-all-products',
    handler: async (req, reply) => {
      const { page, limit, search } = productListQuerySchema.parse(input(req));
      const result = await q.queryProducts(db, { search, page, limit });
      return sendCached(req, reply, okList(result.data, result.totalCount, limit));
    },
  });
  app.route({
    method: [...read],
    url: '/product/get-product-by-id',
    handler: async (req, reply) => {
      const { categoryId, page, limit } = categoryProductsQuerySchema.parse(input(req));
      const result = await service.categoryProducts(db, categoryId, page, limit);
      return sendCached(req, reply, okList(result.data, result.totalCount, limit));
    },
  });
  app.route({
    method: [...read],
    url: '/product/get-product-by-category-and-subcategory',
    handler: async (req, reply) => {
      const query = listingQuerySchema.parse(input(req));
      const result = await service.listingProducts(db, query);
      return sendCached(req, reply, okList(result.data, result.totalCount, query.limit));
    },
  });
  app.route({
    method: [...read],
    url: '/product/get-product-details',
    handler: async (req, reply) => {
      const { productId } = productIdSchema.parse(input(req));
      return sendCached(req, reply, ok(await service.productDetails(db, productId)));
    },
  });

  // ---- product writes
  app.post('/product/add-product', admin, async (req) =>
    ok(await service.addProduct(db, dataDir, await upload(req)), 'Product added.'),
  );
  app.put('/product/edit-product', admin, async (req) =>
    ok(await service.editProduct(db, dataDir, await upload(req)), 'Product updated.'),
  );
  app.delete('/product/delete-product', admin, async (req) => {
    await service.deleteProduct(db, productIdSchema.parse(input(req)).productId);
    return ok(null, 'Product deleted.');
  });
};
