import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { errorText } from '@haat/shared/errors/catalogue';
import {
  PATHAO_STATEMENT_COLUMNS,
  STATEMENT_COLUMNS,
  STATEMENT_MAX_ROWS,
  type StatementColumn,
  type StatementFields,
  type StatementReport,
} from '@haat/shared/schemas/settlements';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { record } from '../audit/index';
import { expectedParcels, insertPayout, type NewPayoutLine } from './queries';
import { payoutExists, toPaisa } from './service';

/** What a statement import answers: the report, and the rows whose consignment is not a parcel of this shop. */
export interface StatementResult extends StatementReport {
  unmatched: { row: number; consignmentId: string }[];
}

const BANGLA_DIGITS = /[০-৯]/g;
/** An amount as a spreadsheet writes it: "1,060.50", "৳ 970", Bangla digits; null when it is not one. */
function amountOf(cell: string | undefined): number | null {
  const text = (cell ?? '').replace(BANGLA_DIGITS, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[,\s৳]|Tk\.?|BDT/gi, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  return toPaisa(Number(text));
}

/** The column names the file's header must have: Pathao's own, or the ones the owner named. */
function columnsOf(fields: StatementFields): Record<StatementColumn, string> {
  if (fields.format === 'pathao') return PATHAO_STATEMENT_COLUMNS;
  if (!fields.columns) throw appError('SETTLEMENT_COLUMNS_REQUIRED');
  return fields.columns;
}

interface ParsedStatement {
  lines: (NewPayoutLine & { row: number })[];
  errors: StatementReport['errors'];
}


const rowError = (row: number, code: 'CSV_CELL_EMPTY' | 'SETTLEMENT_CELL_AMOUNT', params: { column: string }) => ({ row, code, params, message: errorText(code, params) });

/** An XLSX file starts with a zip's signature; anything else is read as CSV. */
const isXlsx = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** A cell as its text: a number as written in full, a date as YYYY-MM-DD, a formula by its result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // A sheet's sum may carry binary noise (0.1 + 0.2): six places are more than any amount has.
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

/** The first worksheet of an XLSX statement (Pathao's export as it downloads), as rows of texts. */
async function xlsxTable(bytes: Buffer): Promise<string[][]> {
  // Loaded on the first XLSX only: the library is tens of MB of heap that every other request would carry.
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const table: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    table.push(Array.from({ length: values.length }, (_, i) => cellText(values[i])));
  });
  return table;
}

async function tableOf(bytes: Buffer): Promise<string[][]> {
  try {
    if (isXlsx(bytes)) return await xlsxTable(bytes);
    return parse(bytes, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw appError('SETTLEMENT_FILE_UNREADABLE', { reason: err instanceof Error ? err.message : String(err) });
  }
}

function readRows(table: string[][], columns: Record<StatementColumn, string>): ParsedStatement {
  const header = (table[0] ?? []).map((h) => h.toLowerCase());
  const at = Object.fromEntries(STATEMENT_COLUMNS.map((c) => [c, header.indexOf(columns[c].toLowerCase())])) as Record<StatementColumn, number>;
  const missing = STATEMENT_COLUMNS.filter((c) => at[c] < 0).map((c) => columns[c]);
  if (missing.length) throw appError('SETTLEMENT_COLUMNS_MISSING', { columns: missing.join(', ') });
  if (table.length - 1 > STATEMENT_MAX_ROWS) throw appError('SETTLEMENT_TOO_MANY_ROWS', { n: STATEMENT_MAX_ROWS });
  const out: ParsedStatement = { lines: [], errors: [] };
  table.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const consignmentId = (cells[at.consignment] ?? '').trim();
    if (!consignmentId) return void out.errors.push(rowError(row, 'CSV_CELL_EMPTY', { column: columns.consignment }));
    const amounts = {} as Record<Exclude<StatementColumn, 'consignment'>, number>;
    for (const c of ['collected', 'deliveryCharge', 'codFee', 'paid'] as const) {
      const v = amountOf(cells[at[c]]);
      if (v === null) return void out.errors.push(rowError(row, 'SETTLEMENT_CELL_AMOUNT', { column: columns[c] }));
      amounts[c] = v;
    }
    out.lines.push({ row, consignmentId, invoice: '', codCollectedPaisa: amounts.collected, deliveryChargePaisa: amounts.deliveryCharge, codFeePaisa: amounts.codFee, paidPaisa: amounts.paid });
  });
  return out;
}

/**
 * A courier's payout statement (issue 44): read, checked and, unless a dry run or a row is bad, recorded as one
 * payout in one transaction with its audit entry. Rows whose consignment is not a parcel of this shop are named
 * (they are recorded as lines not ours, for the owner to take up with the courier).
 */
export async function importStatement(db: Db, fields: StatementFields, bytes: Buffer, dryRun: boolean, actor: Actor): Promise<StatementResult> {
  const { lines, errors } = readRows(await tableOf(bytes), columnsOf(fields));
  const ours = new Set((await expectedParcels(db)).filter((p) => p.provider === fields.provider).map((p) => p.consignmentId));
  const unmatched = lines.filter((l) => !ours.has(l.consignmentId)).map((l) => ({ row: l.row, consignmentId: l.consignmentId }));
  const amountPaisa = lines.reduce((sum, l) => sum + l.paidPaisa, 0);
  const report: StatementResult = { lines: lines.length, amountPaisa, errors, unmatched, applied: false, payoutId: null };
  if (await payoutExists(db, fields.provider, fields.reference)) throw appError('SETTLEMENT_PAYOUT_EXISTS', { reference: fields.reference });
  if (dryRun || errors.length > 0 || lines.length === 0) return report;
  const payoutId = await db.transaction(async (tx) => {
    const id = await insertPayout(tx, {
      provider: fields.provider,
      reference: fields.reference,
      source: 'file',
      paidAt: new Date(`${fields.paidOn}T12:00:00+06:00`),
      createdBy: actor.id,
      lines: lines.map(({ row: _row, ...line }) => line),
    });
    if (!id) throw appError('SETTLEMENT_PAYOUT_EXISTS', { reference: fields.reference });
    await record(tx, actor, { kind: 'settlement', action: 'import', targetId: id, label: `${fields.provider} ${fields.reference}`, after: { lines: lines.length, amount: amountPaisa / 100 } });
    return id;
  });
  return { ...report, applied: true, payoutId };
}
