import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_PAGE_LIMIT, PRODUCT_SORTS, SEARCH_PAGE_SIZE } from '../constants';
import { TEXT_LIMITS, tooLong } from './limits';
import { envelope, listEnvelope } from './reply';
import { productOptionSchema, variantSchema } from './variants';

export type { ProductSort } from '../constants';

/**
 * Catalogue rules of spec §5 with their exact messages. The admin forms
 * (react-hook-form) and the server routes both parse with these schemas.
 * `image` is a list of whatever the caller holds: File objects in the browser,
 * kept URLs plus uploaded files on the server; only its length is checked.
 */
export const ALL_FIELDS_REQUIRED = 'All Fields are required';
export const FILL_REQUIRED_FIELDS = 'Please fill all required fields';
export const BLANK_DETAIL_NAME = 'A field name cannot be blank';
export const EXPECTED_STOCK_MESSAGE = 'expectedStock must be the whole number of stock the form loaded.';

/** Required text: `message` when blank, "<label> must be at most <max> characters" when too long. */
const requiredText = (message: string, label: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, tooLong(label, max));
const requiredId = (message: string) => z.string({ error: message }).trim().min(1, message).max(TEXT_LIMITS.id, message);
const requiredList = (message: string) =>
  z
    .array(z.string().max(TEXT_LIMITS.id, message), { error: message })
    .min(1, message)
    .max(TEXT_LIMITS.idList, `Choose at most ${TEXT_LIMITS.idList}.`);
const images = (message: string) => z.array(z.unknown(), { error: message }).min(1, message);
/** Whole numbers from a form field or a multipart text value. */
const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message);

/** A pre-order's ships-on day (issue 44). */
export const SHIPS_ON_MESSAGE = 'Ships on must be a date (YYYY-MM-DD), or empty when the product is ready to ship.';

const productFields = {
  name: requiredText(ALL_FIELDS_REQUIRED, 'Name', TEXT_LIMITS.productName),
  description: requiredText(ALL_FIELDS_REQUIRED, 'Description', TEXT_LIMITS.description),
  /** Optional Bangla texts (issue 14): shown when the shop is in Bangla, searched beside the English. */
  // NFC, as search reads them: ড় typed as one code point or as ড + ় is one word.
  name_bn: z.string().trim().normalize('NFC').max(TEXT_LIMITS.productName, tooLong('Bangla name', TEXT_LIMITS.productName)).default(''),
  description_bn: z.string().trim().normalize('NFC').max(TEXT_LIMITS.description, tooLong('Bangla description', TEXT_LIMITS.description)).default(''),
  product_details: z.string().trim().max(TEXT_LIMITS.productDetails, tooLong('Product details', TEXT_LIMITS.productDetails)).default(''),
  /** The Details bullets in Bangla (issue 42), shown instead of the English ones when the shop is in Bangla. */
  product_details_bn: z.string().trim().normalize('NFC').max(TEXT_LIMITS.productDetails, tooLong('Bangla product details', TEXT_LIMITS.productDetails)).default(''),
  unit: requiredText(ALL_FIELDS_REQUIRED, 'Unit', TEXT_LIMITS.unit),
  image: images(ALL_FIELDS_REQUIRED),
  category: requiredList(ALL_FIELDS_REQUIRED),
  subCategory: requiredList(ALL_FIELDS_REQUIRED),
  price: wholeNumber(ALL_FIELDS_REQUIRED).min(1, ALL_FIELDS_REQUIRED).max(100_000_000, 'The price is too large.'),
  discount: wholeNumber('Discount must be a whole percent from 0 to 100.').min(0, 'Discount must be a whole percent from 0 to 100.').max(100, 'Discount must be a whole percent from 0 to 100.').default(0),
  /** The most a shopper may select at once (product page stepper). */
  quantity: wholeNumber('Quantity must be a whole number of at least 1.').min(1, 'Quantity must be a whole number of at least 1.').max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}.`).default(10),
  more_details: z
    .record(
      z.string().max(TEXT_LIMITS.detailName, tooLong('A field name', TEXT_LIMITS.detailName)),
      z.string().max(TEXT_LIMITS.detailValue, tooLong('A field value', TEXT_LIMITS.detailValue)),
    )
    .default({})
    .refine((details) => Object.keys(details).every((key) => key.trim() !== ''), BLANK_DETAIL_NAME)
    .refine((details) => Object.keys(details).length <= TEXT_LIMITS.detailCount, `At most ${TEXT_LIMITS.detailCount} more details.`),
  publish: z.boolean().default(true),
  /**
   * Not ready to ship (a pre-order, issue 44, decision 0114): the day it ships, YYYY-MM-DD; '' or null: ready to ship.
   * Left out, an edit keeps the product's.
   */
  ships_on: z.preprocess((v) => (v === '' ? null : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SHIPS_ON_MESSAGE).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), SHIPS_ON_MESSAGE).nullable()).optional(),
};

/** Product add: name, an image, a category, a sub-category, unit, non-zero stock and price, description. */
export const productAddSchema = z.object({
  ...productFields,
  stock: wholeNumber(ALL_FIELDS_REQUIRED).min(1, ALL_FIELDS_REQUIRED).max(1_000_000, 'The stock is too large.'),
});

/** Product edit: the same, except that stock may be 0. */
export const productEditSchema = z.object({
  ...productFields,
  productId: requiredId(ALL_FIELDS_REQUIRED),
  stock: wholeNumber(ALL_FIELDS_REQUIRED).min(0, 'Stock cannot be negative.').max(1_000_000, 'The stock is too large.'),
  /**
   * The stock the edit form loaded. The server changes stock only while it
   * still holds this value (orders may have taken units since), else 409.
   * Without it, an edit that changes the stock is refused.
   */
  expectedStock: wholeNumber(EXPECTED_STOCK_MESSAGE).min(0, EXPECTED_STOCK_MESSAGE).max(1_000_000, EXPECTED_STOCK_MESSAGE).optional(),
});

/** Category add: name and image. Edit keeps the existing image when none is sent. */
const categoryName = requiredText(FILL_REQUIRED_FIELDS, 'Name', TEXT_LIMITS.categoryName);
/**
 * Optional Bangla name of a category or sub-category, shown when the shop is in
 * Bangla; NFC like the product's name_bn. Add: left out is ''. Edit: left out
 * (undefined) keeps the stored one, so clients that predate it do not wipe it; '' clears it.
 */
const categoryNameBn = z.string().trim().normalize('NFC').max(TEXT_LIMITS.categoryName, tooLong('Bangla name', TEXT_LIMITS.categoryName));
export const categoryAddSchema = z.object({ name: categoryName, name_bn: categoryNameBn.default(''), image: images(FILL_REQUIRED_FIELDS) });
export const categoryEditSchema = z.object({ categoryId: requiredId(FILL_REQUIRED_FIELDS), name: categoryName, name_bn: categoryNameBn.optional() });

/** Sub-category add: name, image, at least one category. Edit: name, id, at least one category. */
export const subCategoryAddSchema = z.object({
  name: categoryName,
  name_bn: categoryNameBn.default(''),
  image: images(FILL_REQUIRED_FIELDS),
  category: requiredList(FILL_REQUIRED_FIELDS),
});
export const subCategoryEditSchema = z.object({
  subcategoryId: requiredId(FILL_REQUIRED_FIELDS),
  name: categoryName,
  name_bn: categoryNameBn.optional(),
  category: requiredList(FILL_REQUIRED_FIELDS),
});

// ---- list queries -------------------------------------------------------------

/** Paging values arrive as JSON numbers or query-string text; nonsense falls back to the default. */
const page = z.coerce.number().int().min(1).catch(1);
const limit = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, MAX_PAGE_LIMIT))
    .catch(fallback);
/** Search text is plain text; overly long input is cut rather than refused. */
const searchText = z
  .string()
  .catch('')
  .transform((s) => s.slice(0, 100));

export const productListQuerySchema = z.object({
  page: page.default(1),
  limit: limit(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  search: searchText.default(''),
});

export const categoryProductsQuerySchema = z.object({
  categoryId: z.string({ error: 'Provide a categoryId.' }),
  page: page.default(1),
  limit: limit(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
});

export const listingQuerySchema = z.object({
  categoryId: z.string({ error: 'Provide a categoryId.' }),
  subcategoryId: z.string({ error: 'Provide a subcategoryId.' }),
  searchTerm: searchText.default(''),
  page: page.default(1),
  limit: limit(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  sortby: z.enum(PRODUCT_SORTS).catch('newest').default('newest'),
});

export const productIdSchema = z.object({ productId: z.string({ error: 'Provide a productId.' }) });
export const categoryIdSchema = z.object({ categoryId: z.string({ error: 'Provide a categoryId.' }) });
export const subCategoryIdSchema = z.object({ subcategoryId: z.string({ error: 'Provide a subcategoryId.' }) });

// ---- API shapes (spec §3) -------------------------------------------------------
// Zod schemas (decision 0055): the routes declare them, so Fastify sends only these fields; the types are their z.infer.

/** A product's or sub-category's category (or sub-category), with its Bangla name ('' when none). */
export const namedRefSchema = z.object({ _id: z.string(), name: z.string(), name_bn: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Bangla name (issue 14); '' when the owner gave none. */
  name_bn: z.string(),
  image: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const subCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Bangla name (issue 14); '' when the owner gave none. */
  name_bn: z.string(),
  /** One picture, as a one-item list (spec §3 reads it both as a list and by its first element). */
  image: z.array(z.string()),
  category: z.array(namedRefSchema),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Bangla name and description (issue 14); '' when the owner gave none. */
  name_bn: z.string(),
  description_bn: z.string(),
  product_details: z.string(),
  /** The Details bullets in Bangla (issue 42); '' when the owner gave none. */
  product_details_bn: z.string(),
  unit: z.string(),
  price: z.number(),
  discount: z.number(),
  image: z.array(z.string()),
  stock: z.number(),
  quantity: z.number(),
  more_details: z.record(z.string(), z.string()),
  category: z.array(namedRefSchema),
  subCategory: z.array(namedRefSchema),
  publish: z.boolean(),
  /** Not ready to ship: the day it ships (YYYY-MM-DD); absent when ready (issue 44, decision 0114). */
  ships_on: z.string().nullable().optional(),
  createdAt: z.string(),
  /** True when the published variants' prices differ (issue 21): cards say "from" the product's price, the cheapest. */
  price_varies: z.boolean(),
  /** Its published reviews' exact average (two decimals) and count (issue 47); absent when it has none. */
  rating: z.object({ average: z.number(), count: z.number() }).optional(),
  /** The product's options and variants (issue 21, decision 0069): in get-product-details and the admin's answers. A product without options has [] and one variant, itself. */
  options: z.array(productOptionSchema).optional(),
  variants: z.array(variantSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

export const categoryReplySchema = envelope(categorySchema);
export const categoryListReplySchema = listEnvelope(categorySchema);
export const subCategoryReplySchema = envelope(subCategorySchema);
export const subCategoryListReplySchema = listEnvelope(subCategorySchema);
export const productReplySchema = envelope(productSchema);
export const productListReplySchema = listEnvelope(productSchema);
