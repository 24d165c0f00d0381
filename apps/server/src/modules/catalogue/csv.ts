import { existsSync } from 'node:fs';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse';
import { stringify } from 'csv-stringify';
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
import { AppError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import * as cq from './csv-queries';
import { productLinks } from './queries';
import { moreDetails } from './forms';

/**
 * Catalogue import and export (issue 14, decision 0042). Export streams every
 * product page by page; import checks every row first (a dry run stops there)
 * and then writes all of them in one transaction, in batches, or nothing.
 */

// ---- export -----------------------------------------------------------------------

const listCell = (items: string[]) => items.join(CSV_LIST_SEPARATOR);

function exportCells(p: cq.ProductRow, cats: string[], subs: string[]): Record<ProductCsvColumn, string | number> {
  return {
    id: p.id,
    name: p.name,
    name_bn: p.nameBn,
    description: p.description,
    description_bn: p.descriptionBn,
    product_details: p.productDetails,
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
    const links = await productLinks(db, page.map((p) => p.id));
    const names = (refs: NamedRef[] | undefined) => (refs ?? []).map((r) => r.name);
    for (const p of page) {
      const cells = exportCells(p, names(links.categories.get(p.id)), names(links.subCategories.get(p.id)));
      yield PRODUCT_CSV_COLUMNS.map((c) => cells[c]);
    }
    after = page[page.length - 1]!.id;
  }
}

/** Every product as CSV, UTF-8 with a BOM (Excel then reads Bengali right); one page of products in memory at a time. */
export function exportCatalogueCsv(db: Db): Readable {
  const out = stringify({ bom: true });
  // pipeline, not pipe: a failed page read destroys the answer (the client sees a cut-off download), never a hang.
  pipeline(Readable.from(exportRecords(db)), out, () => {});
  return out;
}

// ---- import: reading the file ------------------------------------------------------

interface CsvRow {
  line: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
}

const lineBreaks = (s: string) => s.match(/\r\n|\r|\n/g)?.length ?? 0;

/** Parses the file with csv-parse; a file that cannot be read at all is one error naming its line. */
function readCsv(csv: Buffer): { rows: CsvRow[]; errors: CatalogueImportError[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (err) {
    if (err instanceof CsvError) return { rows: [], errors: [{ line: (err as CsvError & { lines?: number }).lines ?? 1, message: `The file is not valid CSV: ${err.message}` }] };
    throw err;
  }
  const [head, ...body] = records;
  if (!head) return { rows: [], errors: [{ line: 1, message: 'The file is empty: the first line must name the columns.' }] };
  const header = head.record.map((h) => h.trim());
  const errors: CatalogueImportError[] = [];
  const unknown = header.filter((h) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) errors.push({ line: 1, message: `Unknown column ${unknown.map((u) => `"${u}"`).join(', ')}. The columns are: ${PRODUCT_CSV_COLUMNS.join(', ')}.` });
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) errors.push({ line: 1, message: `Missing column ${missing.join(', ')}.` });
  if (errors.length) return { rows: [], errors };
  if (body.length > CSV_IMPORT_MAX_ROWS) throw new AppError(413, `A file can hold at most ${CSV_IMPORT_MAX_ROWS.toLocaleString('en')} products; split it.`);
  const rows = body.map(({ record, info }) => {
    // info.lines is where the record ends; a quoted value may span lines, and the row is named by its first line.
    const line = info.lines - record.reduce((n, v) => n + lineBreaks(v), 0);
    const cells: CsvRow['cells'] = {};
    header.forEach((h, i) => (cells[h as ProductCsvColumn] = record[i] ?? ''));
    if (record.length !== header.length) errors.push({ line, message: `Expected ${header.length} values, found ${record.length}.` });
    return { line, cells };
  });
  return { rows, errors };
}

// ---- import: checking each row ----------------------------------------------------

/** Looks a category up by id or by its name (ignoring case); names must be unambiguous. */
function resolver(list: { id: string; name: string }[], what: string) {
  const ids = new Set(list.map((c) => c.id));
  const byName = new Map<string, string[]>();
  for (const c of list) byName.set(c.name.trim().toLowerCase(), [...(byName.get(c.name.trim().toLowerCase()) ?? []), c.id]);
  return (item: string): string => {
    if (ids.has(item)) return item;
    const found = byName.get(item.toLowerCase()) ?? [];
    if (found.length === 1) return found[0]!;
    throw new RowError(found.length ? `${found.length} ${what} are named "${item}"; give its id instead.` : `Unknown ${what} "${item}".`);
  };
}

class RowError extends Error {}

const splitList = (cell = '') => [...new Set(cell.split(CSV_LIST_SEPARATOR).map((s) => s.trim()).filter(Boolean))];
const blankToUndefined = (cell?: string) => (cell?.trim() ? cell.trim() : undefined);

function publishCell(cell = ''): boolean {
  const v = cell.trim().toLowerCase();
  if (v === '' || v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw new RowError('publish must be true or false.');
}

/** The optional columns as export writes them, from a stored product (for a file that leaves them out). */
function storedCell(p: cq.StoredProduct, column: ProductCsvColumn): string | undefined {
  const cells = exportCells(p, [], []);
  return ['name_bn', 'description_bn', 'product_details', 'discount', 'quantity', 'image', 'more_details', 'publish'].includes(column) ? String(cells[column]) : undefined;
}

type Planned = { line: number; values: cq.ImportValues } & ({ kind: 'create' } | { kind: 'update'; expectedStock: number | null });

interface Plan {
  creates: Planned[];
  updates: Array<Planned & { kind: 'update' }>;
  errors: CatalogueImportError[];
}

/** Checks every row against the shared schema and the stored catalogue; reads only. */
async function planImport(db: Db, dataDir: string, csv: Buffer): Promise<Plan> {
  const { rows, errors } = readCsv(csv);
  const plan: Plan = { creates: [], updates: [], errors };
  if (rows.length === 0) return plan;
  const lookups = await cq.allCategoryNames(db);
  const categoryOf = resolver(lookups.categories, 'categories');
  const subCategoryOf = resolver(lookups.subCategories, 'sub-categories');
  const ids = rows.map((r) => r.cells.id?.trim() ?? '').filter(Boolean);
  const names = rows.filter((r) => !r.cells.id?.trim()).map((r) => r.cells.name?.trim() ?? '');
  const stored = await cq.findForImport(db, ids.filter(isId), names);
  const imageExists = new Map<string, boolean>();
  const onDisk = (url: string) => {
    if (!imageExists.has(url)) imageExists.set(url, existsSync(path.join(dataDir, url)));
    return imageExists.get(url)!;
  };
  const seen = new Map<string, number>();

  for (const { line, cells } of rows) {
    try {
      const id = cells.id?.trim() ?? '';
      if (id && !isId(id)) throw new RowError(`"${id}" is not a product id.`);
      // The product this row updates: by id, else by exact name; none by name means a new product.
      let target: cq.StoredProduct | undefined;
      const name = cells.name?.trim() ?? '';
      if (id) {
        target = stored.byId.get(id);
        if (!target) throw new RowError(`No product has the id ${id}. Leave id empty to add a new product.`);
      } else {
        const named = stored.byName.get(name) ?? [];
        if (named.length > 1) throw new RowError(`${named.length} products are named "${name}"; give the id of the one to update.`);
        target = named[0];
      }
      // A column the file leaves out keeps the stored product's value (a new product gets the form's default).
      const cell = (c: ProductCsvColumn) => cells[c] ?? (target ? storedCell(target, c) : undefined);
      let details: Record<string, string>;
      try {
        details = moreDetails(cell('more_details')?.trim() ?? '');
      } catch (err) {
        throw new RowError((err as Error).message);
      }
      const parsed = productImportRowSchema.safeParse({
        name: cells.name ?? '',
        name_bn: cell('name_bn') ?? '',
        description: cells.description ?? '',
        description_bn: cell('description_bn') ?? '',
        product_details: cell('product_details') ?? '',
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
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new RowError(`${String(issue.path[0] ?? 'row')}: ${issue.message}`);
      }
      const row = parsed.data;
      const categoryIds = [...new Set(row.category.map(categoryOf))];
      const subCategoryIds = [...new Set(row.subCategory.map(subCategoryOf))];

      const key = target ? `id:${target.id}` : `name:${row.name}`;
      const earlier = seen.get(key);
      if (earlier) throw new RowError(`Line ${earlier} already ${target ? 'updates' : 'adds'} this product.`);
      seen.set(key, line);

      // Images already on the product stay valid; any other must be a picture in the uploads store.
      const missing = row.image.find((url) => !target?.images.includes(url) && !onDisk(url));
      if (missing) throw new RowError(`image: ${missing} is not an uploaded picture. Upload it first or leave image empty.`);

      const values: cq.ImportValues = {
        id: target?.id ?? newId(),
        name: row.name,
        nameBn: row.name_bn,
        description: row.description,
        descriptionBn: row.description_bn,
        productDetails: row.product_details,
        unit: row.unit,
        price: row.price,
        discount: row.discount,
        quantity: row.quantity,
        images: row.image,
        moreDetails: row.more_details,
        publish: row.publish,
        stock: row.stock,
        categoryIds,
        subCategoryIds,
      };
      if (!target) {
        plan.creates.push({ line, kind: 'create', values });
        continue;
      }
      // As the edit form (expectedStock): orders take stock while the file is edited, so a
      // stock is written only while the product still holds the stock that was exported.
      let expectedStock: number | null = null;
      if (row.expected_stock === undefined) {
        if (row.stock !== target.stock) throw new RowError(`stock: to change the stock, also fill expected_stock with the stock you exported (now ${target.stock}).`);
      } else if (row.stock !== row.expected_stock) {
        if (row.expected_stock !== target.stock) throw new RowError(`stock: the stock changed since the export (now ${target.stock}). Export again, or set expected_stock to ${target.stock}.`);
        expectedStock = row.expected_stock;
      }
      plan.updates.push({ line, kind: 'update', values, expectedStock });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      plan.errors.push({ line, message: err.message });
    }
  }
  plan.errors.sort((a, b) => a.line - b.line);
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
export async function importCatalogueCsv(db: Db, dataDir: string, csv: Buffer, dryRun: boolean): Promise<CatalogueImportReport> {
  const plan = await planImport(db, dataDir, csv);
  const report = { created: plan.creates.length, updated: plan.updates.length, errors: plan.errors, applied: false };
  if (dryRun || plan.errors.length) return report;
  try {
    await db.transaction(async (tx) => {
      await cq.insertProducts(tx, plan.creates.map((c) => c.values));
      const done = await cq.updateProducts(tx, plan.updates.map((u) => ({ ...u.values, expectedStock: u.expectedStock })));
      // Only a stock guard can leave a row out: an order took units after the check above.
      const raced = plan.updates.filter((u) => !done.has(u.values.id));
      if (raced.length) throw new ImportRejected(raced.map((u) => ({ line: u.line, message: 'stock: orders changed the stock during the import. Export again.' })));
      await cq.replaceLinks(tx, [...plan.creates, ...plan.updates].map((p) => p.values), plan.updates.map((u) => u.values.id));
    });
  } catch (err) {
    if (err instanceof ImportRejected) return { ...report, errors: err.errors };
    throw err;
  }
  return { ...report, applied: true };
}
