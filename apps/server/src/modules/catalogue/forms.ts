import { z } from 'zod';
import {
  categoryAddSchema,
  categoryEditSchema,
  productAddSchema,
  subCategoryAddSchema,
  subCategoryEditSchema,
} from '@haat/shared/schemas/catalogue';
import { appError } from '../../lib/errors';
import { form, type UploadedFile } from '../../lib/multipart';
import { readVariantsForm, summaryOf } from './variants';

/**
 * The six catalogue forms (spec §7, multipart), read at the route edge with
 * readForm: the text values become what the shared schema reads, the schema
 * checks them, and the uploaded files stay typed beside the checked fields.
 */

/** Checks the decoded fields with a shared schema (whose `image` only counts), keeping the files typed. */
const checkedWithFiles =
  <S extends z.ZodType>(schema: S) =>
  (fields: { image: UploadedFile[] }): Omit<z.output<S>, 'image'> & { image: UploadedFile[] } => ({
    ...(schema.parse(fields) as Omit<z.output<S>, 'image'>),
    image: fields.image,
  });

/** Optional Bangla name (issue 14): left out, an add stores '' and an edit keeps the stored one; '' clears it. */
const nameBn = form.sent;

export const categoryAddForm = z.object({ name: form.text, name_bn: nameBn, image: form.files }).transform(checkedWithFiles(categoryAddSchema));

export const categoryEditForm = z
  .object({ categoryId: form.text, _id: form.text, name: form.text, name_bn: nameBn, image: form.files })
  .transform((f) => ({ ...categoryEditSchema.parse({ categoryId: f.categoryId || f._id, name: f.name, name_bn: f.name_bn }), image: f.image }));

export const subCategoryAddForm = z
  .object({ name: form.text, name_bn: nameBn, image: form.files, category: form.list })
  .transform(checkedWithFiles(subCategoryAddSchema));

export const subCategoryEditForm = z
  .object({ subcategoryId: form.text, _id: form.text, name: form.text, name_bn: nameBn, category: form.list, image: form.files })
  .transform((f) => ({
    ...subCategoryEditSchema.parse({ subcategoryId: f.subcategoryId || f._id, name: f.name, name_bn: f.name_bn, category: f.category }),
    image: f.image,
  }));

/** more_details: a JSON object of labels and texts; numbers typed into the form arrive as numbers and are shown as text. */
export function moreDetails(text: string): Record<string, string> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : String(v)]));
    }
  } catch {
    // fall through
  }
  throw appError('MORE_DETAILS_NOT_OBJECT');
}

/** The product fields of §7 as the shared schema reads them; empty numbers fall back to its defaults. */
const productFields = {
  name: form.text,
  description: form.text,
  /** Optional Bangla texts (issue 14): left out, an add stores '' and an edit keeps the stored ones. */
  name_bn: form.sent,
  description_bn: form.sent,
  product_details: form.text,
  /** The Details in Bangla (issue 42): like the other Bangla texts, left out keeps what an edit's product has. */
  product_details_bn: form.sent,
  unit: form.text,
  category: form.list,
  subCategory: form.list,
  stock: form.text,
  price: form.text,
  discount: form.optional,
  // Not a §7 form field: an edit that does not send it keeps the product's value.
  quantity: form.optional,
  more_details: form.text.transform(moreDetails),
  publish: form.flag,
  /** A pre-order's ships-on day (issue 44); left out, an edit keeps the product's. */
  ships_on: form.sent,
  /** Options and variants (issue 21), JSON text; both left out keeps what the product has (an edit) or none (an add). */
  options: form.sent,
  variants: form.sent,
};

/**
 * Add: a product with options takes its price, discount and stock from its
 * variants (the form's own are not used), so the spec's checks see those.
 */
export const productAddForm = z.object({ ...productFields, image: form.files }).transform(({ options, variants, ...fields }) => {
  const chosen = readVariantsForm(options, variants);
  const summary = chosen && summaryOf(chosen);
  return { ...checkedWithFiles(productAddSchema)(summary ? { ...fields, ...summary } : fields), variants: chosen };
});

/**
 * Edit is decoded here but checked by the service against the stored product:
 * which images are kept, and the quantity when none is sent, depend on it.
 * `image` text values name the current images to keep; files are added after them.
 */
export const productEditForm = z
  .object({ ...productFields, productId: form.text, _id: form.text, image: form.filesAndNames, expectedStock: form.optional })
  .transform(({ productId, _id, image, expectedStock, options, variants, ...fields }) => ({
    productId: productId || _id,
    fields,
    variants: readVariantsForm(options, variants),
    keep: image.names,
    files: image.files,
    expectedStock,
  }));

export type CategoryAddForm = z.output<typeof categoryAddForm>;
export type CategoryEditForm = z.output<typeof categoryEditForm>;
export type SubCategoryAddForm = z.output<typeof subCategoryAddForm>;
export type SubCategoryEditForm = z.output<typeof subCategoryEditForm>;
export type ProductAddForm = z.output<typeof productAddForm>;
export type ProductEditForm = z.output<typeof productEditForm>;
