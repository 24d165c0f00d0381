import { errorText } from '@haat/shared/errors/catalogue';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_IMPORT_MAX_BYTES, catalogueImportRefusalSchema, catalogueImportReplySchema } from '@haat/shared/schemas/catalogue-csv';
import { emptyReplySchema } from '@haat/shared/schemas/reply';
import { synonymsReplySchema, synonymsSchema } from '@haat/shared/schemas/search-synonyms';
import { ADMIN_VARIANTS_MAX, adminVariantsQuerySchema, adminVariantsReplySchema, variantsPreviewReplySchema, variantsPreviewSchema } from '@haat/shared/schemas/variants';
import {
  categoryIdSchema,
  categoryListReplySchema,
  categoryProductsQuerySchema,
  categoryReplySchema,
  productListReplySchema,
  productReplySchema,
  subCategoryListReplySchema,
  subCategoryReplySchema,
  listingQuerySchema,
  productIdSchema,
  productListQuerySchema,
  subCategoryIdSchema,
} from '@haat/shared/schemas/catalogue';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { sendPrepared } from '../../lib/httpCache';
import { parsedInput } from '../../lib/input';
import { actorOf } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { form, readForm } from '../../lib/multipart';
import { doc, media, type ErrorStatus } from '../../lib/openapi';
import { ok, okList } from '../../lib/reply';
import type { Loaded } from './cache';
import * as csv from './csv';
import { catalogueCache, loadCategories, loadProductDetails, loadSubCategories, PRODUCT_DETAILS_URL, readKey } from './reads';
import * as forms from './forms';
import * as q from './queries';
import * as service from './service';
import { readSynonymMap, readSynonyms, saveSynonyms } from './synonyms';
import { adminVariants, checkVariants, previewVariants } from './variants';
import { requireId } from './service';

/**
 * Catalogue of spec §7: reads are public and cacheable (ETag + Cache-Control);
 * writes are ADMIN only. Product reads answer POST (as the spec names them)
 * and GET with the same fields in the query string, which browsers can cache.
 * Reads are answered from this process's CatalogueCache, which every change
 * to the catalogue clears, whichever process made it (decision 0016).
 */
export const catalogueRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  const c = await catalogueContext(deps, app);
  categoryRoutes(app, c);
  subCategoryRoutes(app, c);
  productReadRoutes(app, c);
  productWriteRoutes(app, c);
  synonymRoutes(app, c);
  csvRoutes(app, c);
};

const FORM = 'multipart/form-data.';

/** What the catalogue's route groups share: the cache and its reads, the guards, the forms' reader. */
async function catalogueContext(deps: AppDeps, app: FastifyInstance) {
  const { db } = deps.database;
  // Shared with the server-rendered page heads (modules/seo), so a product page and its API call are one lookup.
  const cache = await catalogueCache(deps, app);
  /**
   * A cached read: the key is the route and its parsed input, so equal questions share one answer. Its load reads
   * the database the cache hands it (the read replica or the primary, decision 0072), never `db`.
   */
  const cached = (req: FastifyRequest, reply: FastifyReply, key: string, load: (from: Db) => Promise<Loaded>) =>
    cache.get(key, load).then((body) => sendPrepared(req, reply, body));
  /** A page of products as a list answer; the cache drops it when one of its products changes. */
  const listPage =
    <I extends { limit: number }>(load: (input: I, from: Db) => Promise<q.ProductPage>) =>
    async (input: I, from: Db): Promise<Loaded> => {
      const { data, totalCount } = await load(input, from);
      return { body: productListReplySchema.parse(okList(data, totalCount, input.limit)), productIds: data.map((p) => p._id) };
    };
  /** The shop's search synonyms, read once per catalogue change (a save NOTIFYs like any catalogue write). */
  const synonyms = (from: Db) => cache.memo('search-synonyms', () => readSynonymMap(from));
  /** A plain list's total, counted once per catalogue change (stock changes keep it). */
  const counted: q.CountCache = (key, count) => cache.memo(`count:${key}`, count);
  /** Every category and sub-category id, read once per catalogue change: a listing's two checks cost no statement. */
  const known = (from: Db): service.KnownIds => () => cache.memo('catalogue-ids', () => q.catalogueIds(from));
  const pictures = deps.pictures;
  const manageCatalogue = deps.guards.requirePermission('catalogue.manage');
  const admin = { preHandler: manageCatalogue };
  /** The six writes read their multipart form here, so the service gets checked, typed input. */
  const upload = <S extends Parameters<typeof readForm>[1]>(req: FastifyRequest, form: S) => readForm(req, form, service.UPLOAD_LIMITS);
  // Reads and deletes take their fields from the query string or the JSON body, parsed in a hook (lib/input.ts).
  const categoryId = parsedInput(categoryIdSchema);
  const subCategoryId = parsedInput(subCategoryIdSchema);
  const productId = parsedInput(productIdSchema);
  return { db, pictures, cached, listPage, synonyms, counted, known, manageCatalogue, admin, upload, categoryId, subCategoryId, productId };
}

type Ctx = Awaited<ReturnType<typeof catalogueContext>>;

/** Categories. */
function categoryRoutes(app: FastifyInstance, { db, pictures, cached, admin, upload, manageCatalogue, categoryId }: Ctx): void {
  app.get('/category/get-category', { schema: doc('catalogue', 'All categories', { reply: categoryListReplySchema }) }, (req, reply) =>
    cached(req, reply, 'categories', loadCategories),
  );
  app.post('/category/add-category', { ...admin, schema: doc('catalogue', 'Add a category', { auth: 'admin', description: `${FORM} Fields: name, name_bn (optional Bangla name), image (one file).`, reply: categoryReplySchema, errors: WRITE_ERRORS }) }, async (req) =>
    ok(await service.addCategory(db, pictures, await upload(req, forms.categoryAddForm), actorOf(req)), 'Category added.'),
  );
  app.put('/category/update-category', { ...admin, schema: doc('catalogue', 'Edit a category', { auth: 'admin', description: `${FORM} Fields: categoryId, name, name_bn (optional: left out keeps the stored Bangla name, empty clears it), image (optional: the current one stays).`, reply: categoryReplySchema, errors: [404, ...WRITE_ERRORS] }) }, async (req) =>
    ok(await service.updateCategory(db, pictures, await upload(req, forms.categoryEditForm), actorOf(req)), 'Category updated.'),
  );
  app.delete('/category/delete-category', { preHandler: [manageCatalogue, categoryId.parse], schema: doc('catalogue', 'Delete a category no product or sub-category uses', { auth: 'admin', description: 'categoryId in the JSON body or the query string.', reply: emptyReplySchema, errors: [404, 409] }) }, async (req) => {
    await service.deleteCategory(db, categoryId.of(req).categoryId, actorOf(req));
    return ok(null, 'Category deleted.');
  });
}

/** Sub-categories. */
function subCategoryRoutes(app: FastifyInstance, { db, pictures, cached, admin, upload, manageCatalogue, subCategoryId }: Ctx): void {
  app.get('/subcategory/get-subcategories', { schema: doc('catalogue', 'All sub-categories; image is a one-item list', { reply: subCategoryListReplySchema }) }, (req, reply) =>
    cached(req, reply, 'sub-categories', loadSubCategories),
  );
  app.post('/subcategory/add-subcategory', { ...admin, schema: doc('catalogue', 'Add a sub-category', { auth: 'admin', description: `${FORM} Fields: name, name_bn (optional Bangla name), image (one file), category (repeated, or a JSON list).`, reply: subCategoryReplySchema, errors: WRITE_ERRORS }) }, async (req) =>
    ok(await service.addSubCategory(db, pictures, await upload(req, forms.subCategoryAddForm), actorOf(req)), 'Sub-category added.'),
  );
  app.put('/subcategory/update-subcategories', { ...admin, schema: doc('catalogue', 'Edit a sub-category', { auth: 'admin', description: `${FORM} Fields: subcategoryId, name, name_bn (optional: left out keeps the stored Bangla name, empty clears it), category, image (optional).`, reply: subCategoryReplySchema, errors: [404, ...WRITE_ERRORS] }) }, async (req) =>
    ok(await service.updateSubCategory(db, pictures, await upload(req, forms.subCategoryEditForm), actorOf(req)), 'Sub-category updated.'),
  );
  app.delete('/subcategory/delete-subcategories', { preHandler: [manageCatalogue, subCategoryId.parse], schema: doc('catalogue', 'Delete a sub-category no product uses', { auth: 'admin', description: 'subcategoryId in the JSON body or the query string.', reply: emptyReplySchema, errors: [404, 409] }) }, async (req) => {
    await service.deleteSubCategory(db, subCategoryId.of(req).subcategoryId, actorOf(req));
    return ok(null, 'Sub-category deleted.');
  });
}

/** Public product reads. */
function productReadRoutes(app: FastifyInstance, { cached, listPage, synonyms, counted, known }: Ctx): void {
  /**
   * A public product read, answered to GET (query string) and POST (JSON body):
   * the input is parsed in a hook, and the answer cached under the route and that input.
   */
  const productRead = <S extends z.ZodType>(url: string, schema: FastifySchema, inputSchema: S, load: (input: z.output<S>, from: Db) => Promise<Loaded>) => {
    const input = parsedInput(inputSchema);
    app.route({
      method: ['GET', 'POST'],
      url,
      schema,
      preHandler: input.parse,
      handler: (req, reply) => {
        const parsed = input.of(req);
        return cached(req, reply, readKey(url, parsed), (from) => load(parsed, from));
      },
    });
  };
  productRead(
    '/product/get-all-products',
    doc('catalogue', 'Products, newest first, or matching search', { description: 'page, limit, search: JSON body (POST) or query string (GET).', reply: productListReplySchema }),
    productListQuerySchema,
    listPage(async (query, from) => q.queryProducts(from, query, query.search?.trim() ? await synonyms(from) : undefined, counted)),
  );
  productRead(
    '/product/get-product-by-id',
    doc('catalogue', 'A category’s products', { description: 'categoryId, page, limit: JSON body (POST) or query string (GET).', reply: productListReplySchema, errors: [404] }),
    categoryProductsQuerySchema,
    listPage(({ categoryId, page, limit }, from) => service.categoryProducts(from, categoryId, page, limit, counted, known(from))),
  );
  productRead(
    '/product/get-product-by-category-and-subcategory',
    doc('catalogue', 'The listing of a category and sub-category', { description: 'categoryId, subcategoryId, searchTerm, page, limit, sortby (newest, price_asc, price_desc, discount): JSON body or query string.', reply: productListReplySchema, errors: [404] }),
    listingQuerySchema,
    listPage(async (query, from) => service.listingProducts(from, query, query.searchTerm.trim() ? await synonyms(from) : undefined, counted, known(from))),
  );
  productRead(
    PRODUCT_DETAILS_URL,
    doc('catalogue', 'One published product', { description: 'productId: JSON body (POST) or query string (GET).', reply: productReplySchema, errors: [404] }),
    productIdSchema,
    ({ productId: id }, from) => loadProductDetails(id)(from),
  );
}

/** Product writes and the owner's reads of products. */
function productWriteRoutes(app: FastifyInstance, { db, pictures, admin, upload, manageCatalogue, productId }: Ctx): void {
  app.post('/product/add-product', { ...admin, schema: doc('catalogue', 'Add a product', { auth: 'admin', description: `${FORM} Fields: name, description, name_bn and description_bn (optional Bangla texts), product_details and product_details_bn (its Bangla), unit, stock, price, discount, quantity, image (files), category and subCategory (repeated), more_details (JSON object), publish.`, reply: productReplySchema, errors: WRITE_ERRORS }) }, async (req) =>
    ok(await service.addProduct(db, pictures, await upload(req, forms.productAddForm), actorOf(req)), 'Product added.'),
  );
  app.put('/product/edit-product', { ...admin, schema: doc('catalogue', 'Edit a product', { auth: 'admin', description: `${FORM} As add, plus productId and expectedStock (the stock the form loaded; 409 when orders changed it). image text values keep current images; name_bn, description_bn or product_details_bn left out keeps the stored text.`, reply: productReplySchema, errors: [404, 409, ...WRITE_ERRORS] }) }, async (req) =>
    ok(await service.editProduct(db, pictures, await upload(req, forms.productEditForm), actorOf(req)), 'Product updated.'),
  );
  // The owner's read of one product (issue 21): unpublished too, with every variant; never cached.
  app.get('/product/admin-product', { preHandler: [manageCatalogue, productId.parse], schema: doc('catalogue', 'One product with all its variants (the owner’s form)', { auth: 'admin', description: 'productId in the query string. Unpublished products and variants included.', reply: productReplySchema, errors: [404] }) }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await service.adminProduct(db, productId.of(req).productId));
  });
  app.withTypeProvider<ZodTypeProvider>().post('/product/variants-preview', { ...admin, schema: { ...doc('catalogue', 'What saving these options and variants would do', { auth: 'admin', description: 'JSON { productId, options, variants } as the edit form would send them: the stored variants it removes (with their stock and the carts holding them), how many it adds and keeps. Nothing is written.', reply: variantsPreviewReplySchema, errors: [404] }), body: variantsPreviewSchema } }, async (req) =>
    ok(await previewVariants(db, requireId(req.body.productId, 'product'), checkVariants({ options: req.body.options ?? [], variants: req.body.variants ?? [] }))),
  );
  // A staff picker's page of products (the promotions' product list, issue 42): their variants' SKUs and prices in one read.
  app.withTypeProvider<ZodTypeProvider>().post('/product/admin-variants', { ...admin, schema: { ...doc('catalogue', 'The options and variants of a page of products (the owner’s pickers)', { auth: 'admin', description: `JSON { productIds } (at most ${ADMIN_VARIANTS_MAX}): each of those products that has options, with its options and every variant (SKU, values, price, discount, stock, publish). Products without options are left out: each is its own variant, with no SKU.`, reply: adminVariantsReplySchema }), body: adminVariantsQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await adminVariants(db, req.body.productIds));
  });
  app.delete('/product/delete-product', { preHandler: [manageCatalogue, productId.parse], schema: doc('catalogue', 'Delete a product', { auth: 'admin', description: 'productId in the JSON body or the query string.', reply: emptyReplySchema, errors: [404] }) }, async (req) => {
    await service.deleteProduct(db, productId.of(req).productId, actorOf(req));
    return ok(null, 'Product deleted.');
  });
}

/** Search synonyms (issue 19, decision 0049). */
function synonymRoutes(app: FastifyInstance, { db, admin }: Ctx): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/search/synonyms', { ...admin, schema: doc('catalogue', "The shop's search synonyms", { auth: 'admin', description: 'groups: lists of words search treats as one (shari, saree, শাড়ি), each word as search reads it (lower case, NFC).', reply: synonymsReplySchema }) }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await readSynonyms(db));
  });
  typed.put('/search/synonyms', { ...admin, schema: { ...doc('catalogue', "Replace the shop's search synonyms", { auth: 'admin', description: 'groups: every group (at least two different words each; a word in one group only). The whole list is replaced; cached search answers are dropped.', reply: synonymsReplySchema, errors: [413] }), body: synonymsSchema } }, async (req) =>
    ok(await saveSynonyms(db, req.body), 'Search synonyms saved.'),
  );
}

/** The catalogue CSV (issue 14, decision 0042). */
function csvRoutes(app: FastifyInstance, { db, pictures, admin }: Ctx): void {
  app.get('/product/export.csv', { ...admin, schema: doc('catalogue', 'Every product as CSV', { auth: 'admin', description: 'UTF-8 with a BOM, streamed in id order. Columns: id, name, name_bn, description, description_bn (the Bangla texts, may be empty), product_details, product_details_bn (its Bangla, may be empty), unit, price, discount, stock, expected_stock, quantity, category and subCategory (names joined with |), image (paths joined with |), more_details (JSON), publish.', reply: media('products.csv', 'text/csv') }) }, (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="products.csv"')
      .header('cache-control', 'no-store')
      .send(csv.exportCatalogueCsv(db)),
  );
  app.withTypeProvider<ZodTypeProvider>().post('/product/import', { ...admin, schema: { ...doc('catalogue', 'Create and update products from a CSV', { auth: 'admin', description: `multipart/form-data, field file (at most ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB), the columns of export.csv. Rows with an id update that product; without one, the product of that exact name, else a new one. dryRun=1 checks and answers { created, updated, unchanged, errors: [{ row, message }] } without writing (row: as a spreadsheet numbers it, header = 1); without it every row is written in one transaction, or none (400 with the errors).`, reply: catalogueImportReplySchema, errors: [413, 415], more: { 400: catalogueImportRefusalSchema } }), querystring: importQuery } }, async (req, reply) => {
    const { file } = await readForm(req, importForm, { maxFileBytes: CSV_IMPORT_MAX_BYTES, maxFiles: 1 });
    const report = await csv.importCatalogueCsv(db, pictures, file.data, req.query.dryRun, actorOf(req));
    if (report.errors.length && !req.query.dryRun) {
      const params = { n: report.errors.length, rowsHave: report.errors.length === 1 ? 'row has' : 'rows have' };
      return reply.code(400).send({ success: false, error: true, code: 'CSV_ROWS_INVALID', params, message: errorText('CSV_ROWS_INVALID', params), data: report });
    }
    const done = report.applied
      ? `Imported: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged.`
      : `Dry run: ${report.created} to create, ${report.updated} to update, ${report.unchanged} unchanged, ${report.errors.length} with errors.`;
    return ok(report, done);
  });
}

/** A multipart write may be refused as too large (413) or not multipart / not an image (415). */
const WRITE_ERRORS: ErrorStatus[] = [413, 415];

/** dryRun=1 (or true) checks only; anything else applies. */
const importQuery = z.object({ dryRun: z.string().optional().transform((v) => v === '1' || v === 'true') });
const importForm = z.object({ file: form.files }).transform(({ file }) => {
  if (file.length !== 1) throw appError('CSV_FILE_REQUIRED');
  return { file: file[0]! };
});

