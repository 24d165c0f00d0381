import { z } from 'zod';
import { EXPECTED_STOCK_MESSAGE, productAddSchema, productEditSchema } from './catalogue';
import { envelope, errorEnvelopeSchema } from './reply';

/**
 * Catalogue import and export as CSV (issue 14, decision 0042). One row is
 * checked by the same rules as the admin's product form (productAddSchema),
 * except that images may be left empty and stock may be 0, as an edit allows.
 */

/** The CSV's columns, in the order export writes them. Import needs the required ones and refuses unknown names. */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'name_bn',
  'description',
  'description_bn',
  'product_details',
  'product_details_bn',
  'unit',
  'price',
  'discount',
  'stock',
  'expected_stock',
  'quantity',
  'category',
  'subCategory',
  'image',
  'more_details',
  'publish',
  // Options and variants (issue 21, decision 0069): a product with options has one row per variant; its later
  // rows may repeat the product's columns or leave them blank (id, or name, says whose variant it is).
  ...(['option1', 'option2', 'option3'] as const).flatMap((o) => [`${o}_name`, `${o}_name_bn`, `${o}_value`, `${o}_value_bn`, `${o}_swatch`] as const),
  'variant_id',
  'variant_sku',
  'variant_price',
  'variant_discount',
  'variant_stock',
  'variant_expected_stock',
  'variant_image',
  'variant_publish',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export const REQUIRED_CSV_COLUMNS: readonly ProductCsvColumn[] = ['name', 'description', 'unit', 'price', 'stock', 'category', 'subCategory'];

/** Joins the items of a list cell (categories, sub-categories, images); names may hold commas, never '|'. */
export const CSV_LIST_SEPARATOR = '|';

/** An upload of at most 20 MB and 50,000 rows of products after the header (10,000 rows of a demo catalogue are about 3 MB). */
export const CSV_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = 50_000;
export const MAX_PRODUCT_IMAGES = 10;

/** A path the uploads store answers (/uploads/products/<hash>.webp, /uploads/seed/belt/8b4513.webp); no dots, so never '..'. */
export const UPLOADED_IMAGE_PATH = /^\/uploads(\/[A-Za-z0-9_-]+)+\.webp$/;

/** One CSV row, after its cells were turned into the form's values (ids resolved, lists split, JSON parsed). */
export const productImportRowSchema = productAddSchema.omit({ image: true, stock: true }).extend({
  image: z
    .array(z.string().regex(UPLOADED_IMAGE_PATH, 'Images must be paths of uploaded pictures (/uploads/…/….webp).'))
    .max(MAX_PRODUCT_IMAGES, `A product can have at most ${MAX_PRODUCT_IMAGES} images.`),
  stock: productEditSchema.shape.stock,
  /** The stock when the file was exported: a changed stock is written only while the product still holds it. */
  expected_stock: z.coerce.number({ error: EXPECTED_STOCK_MESSAGE }).int(EXPECTED_STOCK_MESSAGE).min(0, EXPECTED_STOCK_MESSAGE).optional(),
});

/**
 * One bad row: a code of the error catalogue (errors/catalogue.ts) and its parameters, which
 * the web says in Bangla, beside the English message (decision 0058).
 */
export const catalogueImportErrorSchema = z.object({
  /** The row a spreadsheet shows: the header is row 1, and a cell with line breaks does not add rows. */
  row: z.number(),
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type CatalogueImportError = z.infer<typeof catalogueImportErrorSchema>;

/** The answer of POST /api/product/import: what was (dry run: would be) created and updated, and every bad row. */
export const catalogueImportReportSchema = z.object({
  created: z.number(),
  /** Rows that change something in their product. */
  updated: z.number(),
  /** Rows naming a product they would not change (not written). */
  unchanged: z.number(),
  errors: z.array(catalogueImportErrorSchema),
  /** True when the import was written (never on a dry run, never with errors). */
  applied: z.boolean(),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;
export const catalogueImportReplySchema = envelope(catalogueImportReportSchema);
/** The 400 of an import with bad rows: the error envelope with the report as its data (null for other 400s). */
export const catalogueImportRefusalSchema = errorEnvelopeSchema.extend({ data: catalogueImportReportSchema.nullable() });
