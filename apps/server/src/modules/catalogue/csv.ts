import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { ZodError, type z } from 'zod';
import {
  CSV_IMPORT_MAX_ROWS,
  CSV_LIST_SEPARATOR,
  PRODUCT_CSV_COLUMNS,
  REQUIRED_CSV_COLUMNS,
  productImportRowSchema,
  type CatalogueImportError,
  type CatalogueImportReport,
  type ProductCsvColumn,
} from '@haat/shared/schemas/catalogue-csv';
import type { NamedRef } from '@haat/shared/schemas/catalogue';
import type { Db } from '../../db/client';
import { englishErrorText, type ErrorArgs, type ErrorCode } from '@haat/shared/errors/catalogue';
import type { Actor } from '../../lib/auth';
import { AppError, appError } from '../../lib/errors';
import { imageExists } from '../../lib/images';
import type { PictureStore } from '../../lib/storage';
import { isId, newId } from '../../lib/ids';
import { recordMany, type AuditChange } from '../audit/index';
import * as cq from './csv-queries';
import { productLinks } from './queries';
import { moreDetails } from './forms';
import { checkVariants, everyVariantOf, isDefaultVariant, saveVariants, summaryOf, variantsOf, type VariantRow } from './variants';
import type { ProductOption, ProductVariants } from '@haat/shared/schemas/variants';

/**
 * Catalogue import and export (issue 14, decision 0042). Export streams every
 * product page by page; import checks every row first (a dry run stops there)
 * and then writes all of them in one transaction, in batches, or nothing.
 */

// ---- export -----------------------------------------------------------------------

const listCell = (items: string[]) => items.join(CSV_LIST_SEPARATOR);

/**
 * Spreadsheet formulas (decision 0047, OWASP's CSV injection rule): a text cell
 * starting with = + - @, a tab or a CR is run by Excel and Sheets as a formula,
 * so export writes it with a leading single quote (and quoted). Cells already
 * starting with quotes before such a character get one more, so import can
 * take exactly one off and every exported file reads back unchanged. Numbers
 * are written as numbers and never prefixed: a number is not a formula.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
export const neutralise = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
/** Import's inverse of neutralise: one quote off a cell export (or the owner) neutralised. */
export const unneutralise = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell);

/** The option and variant columns of a plain product's row: empty. */
const NO_VARIANT = Object.fromEntries(PRODUCT_CSV_COLUMNS.filter((c) => c.startsWith('option') || c.startsWith('variant_')).map((c) => [c, ''])) as Record<ProductCsvColumn, string>;

/** A variant's option and variant columns (issue 21). */
function variantCells(options: ProductOption[], v: VariantRow): Partial<Record<ProductCsvColumn, string | number>> {
  // The default variant's row is the product's own, as before it was a row: no variant cells (decision 0111).
  if (isDefaultVariant(v)) return {};
  const cells: Partial<Record<ProductCsvColumn, string | number>> = {
    variant_id: v.id,
    variant_sku: v.sku ?? '',
    variant_price: v.price,
    variant_discount: v.discount,
    variant_stock: v.stock,
    // As the product's expected_stock: a changed stock is written only while the variant still holds this.
    variant_expected_stock: v.stock,
    variant_image: listCell(v.images),
    variant_publish: v.publish ? 'true' : 'false',
  };
  options.forEach((o, k) => {
    const value = o.values.find((x) => x.value === v.optionValues[k]);
    const n = `option${k + 1}` as 'option1';
    Object.assign(cells, { [`${n}_name`]: o.name, [`${n}_name_bn`]: o.name_bn, [`${n}_value`]: v.optionValues[k] ?? '', [`${n}_value_bn`]: value?.value_bn ?? '', [`${n}_swatch`]: value?.swatch ?? '' });
  });
  return cells;
}

function exportCells(p: cq.ProductRow, cats: string[], subs: string[]): Record<ProductCsvColumn, string | number> {
  return {
    ...NO_VARIANT,
    id: p.id,
    name: p.name,
    name_bn: p.nameBn,
    description: p.description,
    description_bn: p.descriptionBn,
    product_details: p.productDetails,
    product_details_bn: p.productDetailsBn,
    unit: p.unit,
    price: p.price,
    discount: p.discount,
    stock: p.stock,
    // The stock as exported: an import changes the stock only while it still holds this.
    expected_stock: p.stock,
    quantity: p.quantity,
    category: listCell(cats),
    subCategory: listCell(subs),
    image: listCell(p.images),
    more_details: Object.keys(p.moreDetails).length ? JSON.stringify(p.moreDetails) : '',
    publish: p.publish ? 'true' : 'false',
  };
}

async function* exportRecords(db: Db): AsyncGenerator<Array<string | number>> {
  yield [...PRODUCT_CSV_COLUMNS];
  let after = '';
  for (;;) {
    const page = await cq.productsAfter(db, after);
    if (page.length === 0) return;
    const ids = page.map((p) => p.id);
    const [links, variants] = await Promise.all([productLinks(db, ids), everyVariantOf(db, ids)]);
    const names = (refs: NamedRef[] | undefined) => (refs ?? []).map((r) => r.name);
    const record = (cells: Record<ProductCsvColumn, string | number>) => PRODUCT_CSV_COLUMNS.map((c) => cells[c]).map((v) => (typeof v === 'string' ? neutralise(v) : v));
    for (const p of page) {
      const cells = exportCells(p, names(links.categories.get(p.id)), names(links.subCategories.get(p.id)));
      // One row per variant (a product without options has its default one): the product's columns on the
      // first, its id and name on the others.
      for (const [k, v] of (variants.get(p.id) ?? []).entries()) {
        const product = k === 0 ? cells : { ...Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c) => [c, ''])), id: p.id, name: p.name };
        yield record({ ...(product as Record<ProductCsvColumn, string | number>), ...variantCells(p.options, v) });
      }
    }
    after = page[page.length - 1]!.id;
  }
}

/** Every product as CSV, UTF-8 with a BOM (Excel then reads Bengali right); one page of products in memory at a time. */
export function exportCatalogueCsv(db: Db): Readable {
  // A neutralised cell is quoted too, as OWASP asks (some readers drop the quote of a bare 'cell).
  const out = stringify({ bom: true, quoted_match: /^'/ });
  // pipeline, not pipe: a failed page read destroys the answer (the client sees a cut-off download), never a hang.
  pipeline(Readable.from(exportRecords(db)), out, () => {});
  return out;
}

// ---- import: reading the file ------------------------------------------------------

interface CsvRow {
  /** The row a spreadsheet shows: the header is row 1; a quoted cell spanning lines is still one row. */
  row: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
}

const PARSE_CHUNK = 64 * 1024;
function* chunksOf(buf: Buffer) {
  for (let i = 0; i < buf.length; i += PARSE_CHUNK) yield buf.subarray(i, i + PARSE_CHUNK);
}

/** The header's number of columns (a failed stream drops the records it had buffered, the header too). */
const headerLength = (csv: Buffer) => ((parseSync(csv, { bom: true, to: 1 }) as string[][])[0] ?? []).length;

/**
 * Reads the file as a stream (csv-parse) and stops at the row cap. A file
 * with more rows, or a NUL byte (PostgreSQL text cannot hold one; a
 * "Unicode text" save from Excel is full of them), is refused with a 400
 * naming the row; a file that is not valid CSV is one error naming its row.
 */
async function readCsv(csv: Buffer): Promise<{ rows: CsvRow[]; errors: CatalogueImportError[] }> {
  // No `info`: csv-parse then builds an object per record, which cost more than the parsing.
  const parser = parse({ bom: true, skip_empty_lines: true });
  let header: string[] | null = null;
  const rows: CsvRow[] = [];
  let row = 0;
  const take = (record: string[]) => {
    row += 1;
    // Blank rows count too, so the cap bounds the parser's work however short the lines.
    if (row > CSV_IMPORT_MAX_ROWS + 1) throw appError('CSV_TOO_MANY_ROWS', { max: CSV_IMPORT_MAX_ROWS, row });
    const nul = record.findIndex((v) => v.includes('\u0000'));
    if (nul >= 0) throw appError('CSV_NUL_BYTE', { row, column: nul + 1 });
    if (!header) {
      header = record.map((h) => h.trim());
      return;
    }
    if (record.every((v) => !v.trim())) return; // an empty row is not a product
    const cells: CsvRow['cells'] = {};
    header.forEach((h, i) => (cells[h as ProductCsvColumn] = unneutralise(record[i] ?? '')));
    rows.push({ row, cells });
  };
  try {
    // A 'readable' loop rather than for await: one promise per record cost as much again.
    await new Promise<void>((resolve, reject) => {
      parser.on('readable', () => {
        try {
          for (let record = parser.read() as string[] | null; record !== null; record = parser.read() as string[] | null) take(record);
        } catch (err) {
          reject(err as Error);
        }
      });
      parser.on('end', resolve);
      parser.on('error', reject);
      // Small pieces: the parser works a chunk at a time, so stopping at the cap stops the work.
      Readable.from(chunksOf(csv)).pipe(parser);
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const { records = 0, record = [] } = err as CsvError & { records?: number; record?: string[] };
    const at = records + 1;
    // A row with another number of values than the header stops the file: csv-parse's relaxed mode
    // builds an error object for every such row, which made a file of 157,000 one-value lines take seconds.
    const problem =
      err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
        ? rowProblem(at, 'CSV_ROW_LENGTH', { row: at, got: record.length, values: record.length === 1 ? 'value' : 'values', want: headerLength(csv) })
        : rowProblem(at, 'CSV_NOT_CSV', { detail: err.message });
    return { rows: [], errors: [problem] };
  } finally {
    parser.destroy();
  }
  // Assigned in take(), which TypeScript does not follow.
  const head = header as string[] | null;
  if (!head) return { rows: [], errors: [rowProblem(1, 'CSV_EMPTY')] };
  const unknown = head.filter((h) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(h));
  const headErrors: CatalogueImportError[] = [];
  if (unknown.length) headErrors.push(rowProblem(1, 'CSV_UNKNOWN_COLUMNS', { columns: unknown.map((u) => `"${u}"`).join(', '), known: PRODUCT_CSV_COLUMNS.join(', ') }));
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !head.includes(c));
  if (missing.length) headErrors.push(rowProblem(1, 'CSV_MISSING_COLUMNS', { columns: missing.join(', ') }));
  if (headErrors.length) return { rows: [], errors: headErrors };
  return { rows, errors: [] };
}

// ---- import: checking each row ----------------------------------------------------

/** Looks a category up by id or by its name (ignoring case); names must be unambiguous. */
function resolver(list: { id: string; name: string }[], what: string, column: ProductCsvColumn) {
  const ids = new Set(list.map((c) => c.id));
  const byName = new Map<string, string[]>();
  for (const c of list) byName.set(c.name.trim().toLowerCase(), [...(byName.get(c.name.trim().toLowerCase()) ?? []), c.id]);
  return (item: string): string => {
    if (ids.has(item)) return item;
    const found = byName.get(item.toLowerCase()) ?? [];
    if (found.length === 1) return found[0]!;
    throw found.length ? rowError('CSV_AMBIGUOUS_NAME', { column, n: found.length, list: what, name: item }) : rowError('CSV_UNKNOWN_NAME', { column, list: what, name: item });
  };
}

/** A row's broken rule: a code of the error catalogue and its parameters (decision 0058); `row` when not the product's first row. */
class RowError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number>,
    readonly row?: number,
  ) {
    super(englishErrorText(code, params));
  }
}
const rowError = <C extends ErrorCode>(code: C, ...[params]: ErrorArgs<C>) => Object.assign(new RowError(code, (params ?? {}) as Record<string, string | number>), {
  /** The same error, on another row of the product (one of its variants'). */
  at(row: number) {
    return new RowError(code, (params ?? {}) as Record<string, string | number>, row);
  },
});
/** One line of the report: the row, the English message, and its code and parameters for the web to translate. */
const rowProblem = <C extends ErrorCode>(row: number, code: C, ...args: ErrorArgs<C>): CatalogueImportError => {
  const { message, params } = rowError(code, ...args);
  return { row, message, code, params };
};

const splitList = (cell = '') => [...new Set(cell.split(CSV_LIST_SEPARATOR).map((s) => s.trim()).filter(Boolean))];
const blankToUndefined = (cell?: string) => (cell?.trim() ? cell.trim() : undefined);

function publishCell(cell = ''): boolean {
  const v = cell.trim().toLowerCase();
  if (v === '' || v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw rowError('CSV_PUBLISH_WORD');
}

/** The optional columns as export writes them, from a stored product (for a file that leaves them out). */
function storedCell(p: cq.StoredProduct, column: ProductCsvColumn): string | undefined {
  const cells = exportCells(p, [], []);
  return ['name_bn', 'description_bn', 'product_details', 'product_details_bn', 'discount', 'quantity', 'image', 'more_details', 'publish'].includes(column) ? String(cells[column]) : undefined;
}

/**
 * A row's first broken rule as "column: rule" (issue 19). The shared form
 * schema's messages were written for the form ("All Fields are required" for
 * a negative price); a file's owner needs the column and what it must hold.
 */
function ruleBroken(issue: z.core.$ZodIssue, cells: Record<string, unknown>): RowError {
  const field = String(issue.path[0] ?? 'row');
  const i = issue as z.core.$ZodIssue & { origin?: string; minimum?: number | bigint; maximum?: number | bigint; expected?: string };
  const column = field;
  if (isBlankCell(cells[field]) && (i.code === 'invalid_type' || i.code === 'too_small')) return rowError('CSV_CELL_EMPTY', { column });
  // The schema's own message already names the rule (image paths, at most 10 images…).
  return boundBroken(i, column) ?? rowError('CSV_CELL_RULE', { column, message: issue.message });
}

function isBlankCell(v: unknown): boolean {
  return v === undefined || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);
}

/** A number, or a text's length, out of its bounds as "column: rule"; undefined for any other issue. */
function boundBroken(i: z.core.$ZodIssue & { origin?: string; minimum?: number | bigint; maximum?: number | bigint; expected?: string }, column: string): RowError | undefined {
  if (i.code === 'invalid_type' && (i.expected === 'number' || i.expected === 'int')) return rowError('CSV_CELL_WHOLE_NUMBER', { column });
  if (i.code === 'too_small' && i.origin === 'number') return rowError('CSV_CELL_MIN', { column, min: Number(i.minimum) });
  if (i.code === 'too_big' && i.origin === 'number') return rowError('CSV_CELL_MAX', { column, max: Number(i.maximum) });
  if (i.code === 'too_big' && i.origin === 'string') return rowError('CSV_CELL_TOO_LONG', { column, max: Number(i.maximum) });
  return undefined;
}

type Links = Awaited<ReturnType<typeof productLinks>>;

/** The stored links of the products a file names, 5,000 at a time (PostgreSQL takes at most 65,535 parameters). */
async function linksOf(db: Db, ids: string[]): Promise<Links> {
  const all: Links = { categories: new Map(), subCategories: new Map() };
  for (let i = 0; i < ids.length; i += 5000) {
    const part = await productLinks(db, ids.slice(i, i + 5000));
    for (const [id, refs] of part.categories) all.categories.set(id, refs);
    for (const [id, refs] of part.subCategories) all.subCategories.set(id, refs);
  }
  return all;
}

/** True when an update would write exactly what the product holds (links compared as sets). */
function sameAsStored(p: cq.StoredProduct, links: Links, v: cq.ImportValues, expectedStock: number | null): boolean {
  const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;
  const sortedJson = (o: Record<string, string>) => JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return (
    sameTexts(p, v) &&
    p.price === v.price &&
    p.discount === v.discount &&
    p.quantity === v.quantity &&
    p.publish === v.publish &&
    (expectedStock === null || p.stock === v.stock) &&
    JSON.stringify(p.images) === JSON.stringify(v.images) &&
    sortedJson(p.moreDetails) === sortedJson(v.moreDetails) &&
    sameSet((links.categories.get(p.id) ?? []).map((r) => r._id), v.categoryIds) &&
    sameSet((links.subCategories.get(p.id) ?? []).map((r) => r._id), v.subCategoryIds)
  );
}

/** The product's names, descriptions, details and unit as the row's. */
function sameTexts(p: cq.StoredProduct, v: cq.ImportValues): boolean {
  return (
    p.name === v.name &&
    p.nameBn === v.nameBn &&
    p.description === v.description &&
    p.descriptionBn === v.descriptionBn &&
    p.productDetails === v.productDetails &&
    p.productDetailsBn === v.productDetailsBn &&
    p.unit === v.unit
  );
}

type Planned = { row: number; values: cq.ImportValues; variants?: ProductVariants } & ({ kind: 'create' } | { kind: 'update'; expectedStock: number | null; before: Record<string, unknown> });

/** A product as the audit log keeps it (the keys of the edit form's entries, decision 0065). */
function auditView(p: Omit<cq.ImportValues, 'id'>) {
  return {
    name: p.name,
    name_bn: p.nameBn,
    description: p.description,
    description_bn: p.descriptionBn,
    product_details: p.productDetails,
    product_details_bn: p.productDetailsBn,
    unit: p.unit,
    price: p.price,
    discount: p.discount,
    stock: p.stock,
    quantity: p.quantity,
    image: p.images,
    more_details: p.moreDetails,
    publish: p.publish,
    category: [...p.categoryIds].sort(),
    subCategory: [...p.subCategoryIds].sort(),
  };
}

const storedView = (p: cq.StoredProduct, links: Links) =>
  auditView({ ...p, categoryIds: (links.categories.get(p.id) ?? []).map((r) => r._id), subCategoryIds: (links.subCategories.get(p.id) ?? []).map((r) => r._id) });

/** Each applied row's entry: a create with its values, an update with the fields it changed. */
function auditChanges(plan: Plan): AuditChange[] {
  return [
    ...plan.creates.map((c): AuditChange => ({ kind: 'product', action: 'import', targetId: c.values.id, label: c.values.name, labelBn: c.values.nameBn, after: auditView(c.values) })),
    ...plan.updates.map((u): AuditChange => ({
      kind: 'product',
      action: 'import',
      targetId: u.values.id,
      label: u.values.name,
      labelBn: u.values.nameBn,
      before: u.before,
      // A row without a stock change leaves the stored stock.
      after: { ...auditView(u.values), stock: u.expectedStock === null ? u.before.stock : u.values.stock },
    })),
  ];
}

interface Plan {
  unchanged: number;
  creates: Planned[];
  updates: Array<Planned & { kind: 'update' }>;
  errors: CatalogueImportError[];
}

/** What checking a row needs to know of the stored catalogue, read once for the whole file. */
interface PlanContext {
  categoryOf: (item: string) => string;
  subCategoryOf: (item: string) => string;
  stored: Awaited<ReturnType<typeof cq.findForImport>>;
  links: Links;
  /** Whether an uploaded picture is in the picture store (the pictures the rows name, looked up once each before planning). */
  inStore: (url: string) => boolean;
  /** The file has option columns: a product's rows say its options and variants (none: no options). */
  withVariants: boolean;
  /** The stored variants of the products the rows name, and which product holds each SKU the file names (lower case). */
  storedVariants: Map<string, VariantRow[]>;
  skuOwners: Map<string, string>;
  /** The first row of the file naming each SKU (lower case). */
  skuRows: Map<string, number>;
}

/**
 * Looks up, in the picture store, each picture a row names that its product does
 * not already show (those stay valid without a look-up), 16 at a time: the
 * bucket answers each over the network.
 */
async function picturesInStore(pictures: PictureStore, rows: CsvRow[], stored: PlanContext['stored']): Promise<(url: string) => boolean> {
  const shownBy = (cells: CsvRow['cells']) => {
    try {
      return targetOf(cells, stored)?.images ?? [];
    } catch {
      return []; // the row's error is reported when it is planned
    }
  };
  const urls = [...new Set(rows.flatMap((r) => splitList(r.cells.image).filter((url) => !shownBy(r.cells).includes(url))))];
  const found = new Set<string>();
  for (let i = 0; i < urls.length; i += 16) {
    const batch = urls.slice(i, i + 16);
    const there = await Promise.all(batch.map((url) => imageExists(pictures, url)));
    batch.forEach((url, j) => {
      if (there[j]) found.add(url);
    });
  }
  return (url) => found.has(url);
}

/** Reads the categories, the products the rows name and their links: the only reads of a plan. */
async function planContext(db: Db, pictures: PictureStore, rows: CsvRow[], withVariants: boolean): Promise<PlanContext> {
  const lookups = await cq.allCategoryNames(db);
  const ids = rows.map((r) => r.cells.id?.trim() ?? '').filter(Boolean);
  const names = rows.filter((r) => !r.cells.id?.trim()).map((r) => r.cells.name?.trim() ?? '');
  const stored = await cq.findForImport(db, ids.filter(isId), names);
  const links = await linksOf(db, [...new Set([...stored.byId.keys(), ...[...stored.byName.values()].flat().map((p) => p.id)])]);
  const inStore = await picturesInStore(pictures, rows, stored);
  const storedIds = [...stored.byId.values(), ...[...stored.byName.values()].flat()].map((p) => p.id);
  const storedVariants = new Map<string, VariantRow[]>();
  for (let i = 0; i < storedIds.length; i += 5000) for (const [id, list] of await variantsOf(db, storedIds.slice(i, i + 5000))) storedVariants.set(id, list);
  const skus = [...new Set(rows.map((r) => r.cells.variant_sku?.trim().toLowerCase() ?? '').filter(Boolean))];
  return {
    categoryOf: resolver(lookups.categories, 'categories', 'category'),
    subCategoryOf: resolver(lookups.subCategories, 'sub-categories', 'subCategory'),
    stored,
    links,
    inStore,
    withVariants,
    storedVariants,
    skuOwners: await cq.skuOwners(db, skus),
    skuRows: new Map(),
  };
}

// ---- import: a product's variants (issue 21) ----------------------------------------

const OPTION_NUMBERS = ['option1', 'option2', 'option3'] as const;
const VARIANT_CELLS = PRODUCT_CSV_COLUMNS.filter((c) => c.startsWith('option') || c.startsWith('variant_'));
const hasVariantCells = (cells: CsvRow['cells']) => VARIANT_CELLS.some((c) => cells[c]?.trim());

/** A product's rows: its first, and those carrying its variants (the first too, when it carries one). */
interface RowGroup {
  first: CsvRow;
  /** The rows that carry variant cells (a product of options: one per variant). */
  variantRows: CsvRow[];
}

/** Consecutive rows of one product: a row with variant cells and the same id (or no id, and no name or the same name) continues it. */
function groupRows(rows: CsvRow[]): RowGroup[] {
  const groups: RowGroup[] = [];
  for (const r of rows) {
    const prev = groups.at(-1);
    if (prev !== undefined && continuesGroup(prev, r)) prev.variantRows.push(r);
    else groups.push({ first: r, variantRows: hasVariantCells(r.cells) ? [r] : [] });
  }
  return groups;
}

function continuesGroup(prev: RowGroup, r: CsvRow): boolean {
  const id = r.cells.id?.trim() ?? '';
  const name = r.cells.name?.trim() ?? '';
  return prev.variantRows.length > 0 && hasVariantCells(r.cells) && (id ? id === (prev.first.cells.id?.trim() ?? '') : !name || name === (prev.first.cells.name?.trim() ?? ''));
}

/** A variant column's name for a field of the shared variant schema. */
const VARIANT_COLUMN: Record<string, string> = { _id: 'variant_id', sku: 'variant_sku', price: 'variant_price', discount: 'variant_discount', stock: 'variant_stock', expectedStock: 'variant_expected_stock', image: 'variant_image', publish: 'variant_publish', values: 'option1_value' };

/** The options and variants a product's rows say, checked by the shared rules; a problem names its row. */
function variantsOfRows(rows: CsvRow[]): ProductVariants {
  const options = OPTION_NUMBERS.flatMap((o) => {
    const named = rows.find((r) => r.cells[`${o}_name`]?.trim());
    if (!named) return [];
    const values = new Map<string, { value: string; value_bn: string; swatch: string }>();
    for (const r of rows) {
      const value = r.cells[`${o}_value`]?.trim() ?? '';
      if (value && !values.has(value)) values.set(value, { value, value_bn: r.cells[`${o}_value_bn`]?.trim() ?? '', swatch: r.cells[`${o}_swatch`]?.trim() ?? '' });
    }
    return [{ name: named.cells[`${o}_name`]!.trim(), name_bn: named.cells[`${o}_name_bn`]?.trim() ?? '', values: [...values.values()] }];
  });
  const variants = rows.map((r) => ({
    ...(r.cells.variant_id?.trim() ? { _id: r.cells.variant_id.trim() } : {}),
    sku: r.cells.variant_sku ?? '',
    values: OPTION_NUMBERS.slice(0, options.length).map((o) => r.cells[`${o}_value`]?.trim() ?? ''),
    price: blankToUndefined(r.cells.variant_price),
    discount: blankToUndefined(r.cells.variant_discount),
    stock: blankToUndefined(r.cells.variant_stock),
    expectedStock: blankToUndefined(r.cells.variant_expected_stock),
    image: splitList(r.cells.variant_image),
    publish: (() => {
      try {
        return publishCell(r.cells.variant_publish);
      } catch {
        throw rowError('CSV_PUBLISH_WORD').at(r.row);
      }
    })(),
  }));
  // The row a problem's field names ("variants.3.sku" is the fourth variant's row).
  const rowOf = (path: readonly PropertyKey[]) => (path[0] === 'variants' && typeof path[1] === 'number' ? rows[path[1]]?.row : undefined);
  try {
    return checkVariants({ options, variants });
  } catch (err) {
    if (err instanceof ZodError) {
      const issue = err.issues[0]!;
      const field = String(issue.path[2] ?? issue.path[0] ?? 'variants');
      const cells = { [VARIANT_COLUMN[field] ?? field]: (variants[Number(issue.path[1])] as Record<string, unknown> | undefined)?.[field] };
      const broken = ruleBroken({ ...issue, path: [VARIANT_COLUMN[field] ?? field] }, cells);
      throw new RowError(broken.code, broken.params, rowOf(issue.path));
    }
    if (err instanceof AppError) throw new RowError(err.code, err.params, rowOf(String(err.params.field ?? '').split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))));
    throw err;
  }
}

/**
 * The variants checked against what is stored: each named variant is the
 * product's, and a changed stock follows the expected-stock rule (a stock left
 * as exported is left as it is now); pictures are the product's; SKUs are
 * nobody else's. Answers the variants as saveVariants takes them.
 */
function checkedVariants(ctx: PlanContext, group: RowGroup, input: ProductVariants, target: cq.StoredProduct | undefined, images: string[]): ProductVariants {
  const stored = new Map((target ? (ctx.storedVariants.get(target.id) ?? []) : []).map((v) => [v.id, v]));
  const variants = input.variants.map((v, i) => {
    const row = group.variantRows[i]!.row;
    const before = v._id ? stored.get(v._id) : undefined;
    if (v._id && !before) throw rowError('VARIANT_NOT_FOUND', { field: 'variant_id', id: v._id }).at(row);
    if (v.image.some((url) => typeof url !== 'string' || !images.includes(url))) throw rowError('VARIANT_IMAGE_UNKNOWN', { field: 'variant_image' }).at(row);
    claimSku(ctx, group, v.sku, target, row);
    return before ? variantStock(v, before, row) : v;
  });
  return { options: input.options, variants };
}

type InputVariant = ProductVariants['variants'][number];

/** A SKU is nobody else's, and named by one row of the file (or rows of this product). */
function claimSku(ctx: PlanContext, group: RowGroup, given: string, target: cq.StoredProduct | undefined, row: number): void {
  const sku = given.toLowerCase();
  if (!sku) return;
  const owner = ctx.skuOwners.get(sku);
  if (owner && owner !== target?.id) throw rowError('VARIANT_SKU_TAKEN', { field: 'variant_sku', sku: given }).at(row);
  const first = ctx.skuRows.get(sku);
  if (first !== undefined && first !== row && !group.variantRows.some((r) => r.row === first)) throw rowError('VARIANT_SKU_DUPLICATE', { field: 'variant_sku', sku: given }).at(row);
  ctx.skuRows.set(sku, first ?? row);
}

/** A stored variant's stock by the expected-stock rule: one left as exported stays as it is now. */
function variantStock(v: InputVariant, before: VariantRow, row: number): InputVariant {
  if (v.expectedStock !== undefined && v.stock === v.expectedStock) return { ...v, stock: before.stock, expectedStock: before.stock };
  if (v.stock !== before.stock && v.expectedStock === undefined) throw rowError('CSV_STOCK_NEEDS_EXPECTED', { n: before.stock }).at(row);
  if (v.stock !== before.stock && v.expectedStock !== before.stock) throw rowError('CSV_STOCK_CHANGED', { n: before.stock }).at(row);
  return v;
}

/** True when the rows say exactly the stored options and variants. */
function sameVariants(target: cq.StoredProduct, stored: VariantRow[], input: ProductVariants): boolean {
  const options = (list: ProductOption[]) => JSON.stringify(list.map((o) => [o.name, o.name_bn, o.values.map((v) => [v.value, v.value_bn, v.swatch ?? ''])]));
  const variant = (v: { id?: string; sku: string | null; values: string[]; price: number; discount: number; stock: number; images: unknown[]; publish: boolean }) =>
    JSON.stringify([v.id, v.sku || '', v.values, v.price, v.discount, v.stock, v.images, v.publish]);
  return (
    options(target.options) === options(input.options) &&
    input.variants.length === stored.length &&
    stored.every((s, i) => {
      const v = input.variants[i]!;
      return variant({ ...s, values: s.optionValues }) === variant({ id: v._id, sku: v.sku, values: v.values, price: v.price, discount: v.discount, stock: v.stock, images: v.image, publish: v.publish });
    })
  );
}

/** The product this row updates: by id, else by exact name; none by name means a new product. */
function targetOf(cells: CsvRow['cells'], stored: PlanContext['stored']): cq.StoredProduct | undefined {
  const id = cells.id?.trim() ?? '';
  return id ? targetById(id, stored) : targetByName(cells.name?.trim() ?? '', stored);
}

function targetById(id: string, stored: PlanContext['stored']): cq.StoredProduct {
  if (!isId(id)) throw rowError('CSV_NOT_A_PRODUCT_ID', { id });
  const target = stored.byId.get(id);
  if (!target) throw rowError('CSV_NO_SUCH_PRODUCT', { id });
  return target;
}

function targetByName(name: string, stored: PlanContext['stored']): cq.StoredProduct | undefined {
  const named = stored.byName.get(name) ?? [];
  if (named.length > 1) throw rowError('CSV_AMBIGUOUS_PRODUCT', { n: named.length, name });
  return named[0];
}

/** The row's cells as the shared import schema takes them. */
function rowInput(cells: CsvRow['cells'], target: cq.StoredProduct | undefined) {
  // A column the file leaves out keeps the stored product's value (a new product gets the form's default).
  const cell = (c: ProductCsvColumn) => cells[c] ?? (target ? storedCell(target, c) : undefined);
  let details: Record<string, string>;
  try {
    details = moreDetails(cell('more_details')?.trim() ?? '');
  } catch (err) {
    // moreDetails refuses with a coded error (MORE_DETAILS_NOT_OBJECT): the row keeps its code.
    if (err instanceof AppError) throw new RowError(err.code, err.params);
    throw err;
  }
  return {
    name: cells.name ?? '',
    name_bn: cell('name_bn') ?? '',
    description: cells.description ?? '',
    description_bn: cell('description_bn') ?? '',
    product_details: cell('product_details') ?? '',
    product_details_bn: cell('product_details_bn') ?? '',
    unit: cells.unit ?? '',
    price: blankToUndefined(cells.price),
    discount: blankToUndefined(cell('discount')),
    stock: blankToUndefined(cells.stock),
    expected_stock: blankToUndefined(cells.expected_stock),
    quantity: blankToUndefined(cell('quantity')),
    category: splitList(cells.category),
    subCategory: splitList(cells.subCategory),
    image: splitList(cell('image')),
    more_details: details,
    publish: publishCell(cell('publish')),
  };
}

type RowData = z.infer<typeof productImportRowSchema>;

/** The row checked against the shared schema (its first broken rule as "column: rule"). */
function parsedRow(input: ReturnType<typeof rowInput>): RowData {
  const parsed = productImportRowSchema.safeParse(input);
  if (!parsed.success) throw ruleBroken(parsed.error.issues[0]!, input);
  return parsed.data;
}

/** The values to write: categories resolved to ids, every image checked. */
function importValues(data: RowData, target: cq.StoredProduct | undefined, ctx: PlanContext, categoryIds: string[], subCategoryIds: string[]): cq.ImportValues {
  // Images already on the product stay valid; any other must be a picture in the uploads store.
  const missing = data.image.find((url) => !target?.images.includes(url) && !ctx.inStore(url));
  if (missing) throw rowError('CSV_IMAGE_NOT_UPLOADED', { url: missing });
  return {
    id: target?.id ?? newId(),
    name: data.name,
    nameBn: data.name_bn,
    description: data.description,
    descriptionBn: data.description_bn,
    productDetails: data.product_details,
    productDetailsBn: data.product_details_bn,
    unit: data.unit,
    price: data.price,
    discount: data.discount,
    quantity: data.quantity,
    images: data.image,
    moreDetails: data.more_details,
    publish: data.publish,
    stock: data.stock,
    categoryIds,
    subCategoryIds,
  };
}

/**
 * As the edit form (expectedStock): orders take stock while the file is edited, so a
 * stock is written only while the product still holds the stock that was exported.
 * Null when the row leaves the stock as it is.
 */
function expectedStockOf(data: RowData, target: cq.StoredProduct): number | null {
  if (data.expected_stock === undefined) {
    if (data.stock !== target.stock) throw rowError('CSV_STOCK_NEEDS_EXPECTED', { n: target.stock });
    return null;
  }
  if (data.stock === data.expected_stock) return null;
  if (data.expected_stock !== target.stock) throw rowError('CSV_STOCK_CHANGED', { n: target.stock });
  return data.expected_stock;
}

/**
 * One row's place in the plan: a create, an update, or 'unchanged'; a broken rule
 * throws a RowError. `seen` holds the row that first named each product.
 */
function planRow(ctx: PlanContext, group: RowGroup, seen: Map<string, number>): Planned | 'unchanged' {
  const { row } = group.first;
  let { cells } = group.first;
  const target = targetOf(cells, ctx.stored);
  const said = saidVariants(ctx, group, target);
  const summary = said && summaryOf(said);
  // With variants the product's price, discount and stock are theirs: its own cells are not read.
  if (summary) cells = { ...cells, price: String(summary.price), discount: String(summary.discount), stock: String(target ? target.stock : summary.stock), expected_stock: '' };
  const data = parsedRow(rowInput(cells, target));
  const categoryIds = [...new Set(data.category.map(ctx.categoryOf))];
  const subCategoryIds = [...new Set(data.subCategory.map(ctx.subCategoryOf))];
  claimProduct(seen, target, data.name, row);

  const values = importValues(data, target, ctx, categoryIds, subCategoryIds);
  const variants = said && checkedVariants(ctx, group, said, target, values.images);
  if (!target) return { row, kind: 'create', values, ...(variants && { variants }) };
  const expectedStock = expectedStockOf(data, target);
  // Rows that would write what is stored are not an update (and keep the product's updated_at).
  const variantsSame = !variants || sameVariants(target, ctx.storedVariants.get(target.id) ?? [], variants);
  if (variantsSame && sameAsStored(target, ctx.links, values, expectedStock)) return 'unchanged';
  return { row, kind: 'update', values, expectedStock, before: storedView(target, ctx.links), ...(variants && !variantsSame && { variants }) };
}

/** A product's rows say its variants; a file with option columns and none for a product with options removes them. */
function saidVariants(ctx: PlanContext, group: RowGroup, target: cq.StoredProduct | undefined): ProductVariants | undefined {
  if (group.variantRows.length) return variantsOfRows(group.variantRows);
  // A stored product without options already says none: the comparison below finds nothing to write.
  return ctx.withVariants && target ? { options: [], variants: [] } : undefined;
}

/** One row per product: a second row naming the same product (by id, or a new one by name) is refused. */
function claimProduct(seen: Map<string, number>, target: cq.StoredProduct | undefined, name: string, row: number): void {
  const key = target ? `id:${target.id}` : `name:${name}`;
  const earlier = seen.get(key);
  if (earlier) throw target ? rowError('CSV_ROW_ALREADY_UPDATES', { row: earlier }) : rowError('CSV_ROW_ALREADY_ADDS', { row: earlier });
  seen.set(key, row);
}

/** Checks every row against the shared schema and the stored catalogue; reads only. */
async function planImport(db: Db, pictures: PictureStore, csv: Buffer): Promise<Plan> {
  const { rows, errors } = await readCsv(csv);
  const plan: Plan = { unchanged: 0, creates: [], updates: [], errors };
  if (rows.length === 0) return plan;
  const ctx = await planContext(db, pictures, rows, rows.some((r) => r.cells.option1_name !== undefined));
  const seen = new Map<string, number>();
  for (const group of groupRows(rows)) {
    try {
      const planned = planRow(ctx, group, seen);
      if (planned === 'unchanged') plan.unchanged += 1;
      else if (planned.kind === 'create') plan.creates.push(planned);
      else plan.updates.push(planned);
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      plan.errors.push({ row: err.row ?? group.first.row, message: err.message, code: err.code, params: err.params });
    }
  }
  plan.errors.sort((a, b) => a.row - b.row);
  return plan;
}

// ---- import: applying ---------------------------------------------------------------

/** Thrown inside the transaction to roll it back, carrying the rows that failed. */
class ImportRejected extends Error {
  constructor(readonly errors: CatalogueImportError[]) {
    super('import rejected');
  }
}

/**
 * Checks the file and, unless `dryRun`, writes it in one transaction: every row
 * or none. A file with bad rows writes nothing and answers the errors
 * (`applied: false`); the route answers that with 400.
 */
export async function importCatalogueCsv(db: Db, pictures: PictureStore, csv: Buffer, dryRun: boolean, actor: Actor): Promise<CatalogueImportReport> {
  const plan = await planImport(db, pictures, csv);
  const report = { created: plan.creates.length, updated: plan.updates.length, unchanged: plan.unchanged, errors: plan.errors, applied: false };
  if (dryRun || plan.errors.length) return report;
  try {
    await db.transaction(async (tx) => {
      await cq.insertProducts(tx, plan.creates.map((c) => c.values));
      const done = await cq.updateProducts(tx, plan.updates.map((u) => ({ ...u.values, expectedStock: u.expectedStock })));
      // Only a stock guard can leave a row out: an order took units after the check above.
      const raced = plan.updates.filter((u) => !done.has(u.values.id));
      if (raced.length) throw new ImportRejected(raced.map((u) => rowProblem(u.row, 'CSV_STOCK_RACED')));
      await cq.replaceLinks(tx, [...plan.creates, ...plan.updates].map((p) => p.values), plan.updates.map((u) => u.values.id));
      // Each product's variants and its summary (issue 21); a refusal now (an order took a variant's units) names the row.
      for (const p of [...plan.creates, ...plan.updates]) {
        if (!p.variants) continue;
        await saveVariants(tx, { id: p.values.id, images: p.values.images }, p.variants).catch((err: unknown) => {
          throw err instanceof AppError ? new ImportRejected([{ row: p.row, message: err.message, code: err.code, params: err.params }]) : err;
        });
      }
      await recordMany(tx, actor, auditChanges(plan));
    });
  } catch (err) {
    if (err instanceof ImportRejected) return { ...report, errors: err.errors };
    throw err;
  }
  return { ...report, applied: true };
}
