import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { seedSettlementParcels } from '../src/seed/settlements';
import { makeUser, useTestApp } from './support';

/**
 * Issue 44: the accounting export opens in LibreOffice with the right totals. LibreOffice Calc (headless) reads
 * the CSV the shop answers and saves it as XLSX; the figures read back from that sheet are numbers, not text,
 * and equal the CSV's own. Needs `soffice` (apt-get install -y libreoffice-calc-nogui); without it this says so
 * and is skipped (settlements.test.ts checks the same file with a CSV parser everywhere).
 */
const SOFFICE = ['/usr/bin/soffice', '/usr/local/bin/soffice'].find((p) => existsSync(p));

describe('the accounting export in LibreOffice', () => {
  const t = useTestApp();

  it.skipIf(!SOFFICE)('opens with every figure a number and the TOTAL row equal to the CSV’s', async () => {
    if (!SOFFICE) console.warn('LibreOffice (soffice) is not installed: the export is checked only with a CSV parser.');
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const now = new Date();
    await seedSettlementParcels(t.database.db, { count: 60, now });
    const day = (d: Date) => new Date(d.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
    const res = await t.api().as(owner).get(`settlements/export.csv?period=daily&from=${day(new Date(now.getTime() - 45 * 86_400_000))}&to=${day(now)}`);
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'haat-lo-'));
    const csv = path.join(dir, 'accounts.csv');
    writeFileSync(csv, res.rawPayload);
    // Comma-separated, double quotes, UTF-8 (76), from line 1: as Calc's import dialog offers it for this file.
    await promisify(execFile)(SOFFICE!, [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--infilter=CSV:44,34,76,1', '--convert-to', 'xlsx', '--outdir', dir, csv], { timeout: 240_000 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(dir, 'accounts.xlsx'));
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
    const fromCsv = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(fromCsv[0]);
    expect(rows).toHaveLength(fromCsv.length);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('TOTAL');
    for (const [i, cell] of total.slice(1).entries()) {
      expect(typeof cell, `${fromCsv[0]![i + 1]} is a number in Calc`).toBe('number');
      expect(cell).toBeCloseTo(Number(fromCsv.at(-1)![i + 1]), 2);
    }
    expect(total[1]).toBeGreaterThan(0);
  }, 300_000);
});
