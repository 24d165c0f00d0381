import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettledParcel, SettlementOverview } from '@haat/shared/schemas/settlements';
import type { SteadfastConsignment } from '../src/integrations/steadfast/types';
import { seedSettlementParcels, type SeededParcel } from '../src/seed/settlements';
import { expectedParcels } from '../src/modules/settlements/queries';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { makeUser, multipart, queryRows, useTestApp, type TestUser } from './support';

/**
 * Courier settlements (issue 44, decision 0112) through the API: Steadfast's payouts pulled from its fake,
 * Pathao's by statement, every parcel matched against the rate card; the owner resolves an exception; the
 * accounting export. Dates are computed from now.
 */

const RATES = [
  { provider: 'steadfast', zone: 'inside', deliveryCharge: 80, codFeePermille: 10, returnCharge: 40 },
  { provider: 'steadfast', zone: 'outside', deliveryCharge: 130, codFeePermille: 10, returnCharge: 65 },
  { provider: 'pathao', zone: 'inside', deliveryCharge: 70, codFeePermille: 10, returnCharge: 35 },
  { provider: 'pathao', zone: 'outside', deliveryCharge: 120, codFeePermille: 10, returnCharge: 60 },
] as const;
const rateOf = (p: SeededParcel) => RATES.find((r) => r.provider === p.provider && r.zone === (p.inside ? 'inside' : 'outside'))!;

/** A payout line as the courier would send it for a parcel at the rate card, in taka (the fee to the paisa). */
function lineOf(p: SeededParcel, extraCharge = 0, short = 0) {
  const rate = rateOf(p);
  const collected = p.kind === 'return' || !p.cod ? 0 : p.total;
  const charge = (p.kind === 'return' ? rate.returnCharge : rate.deliveryCharge) + extraCharge;
  const fee = p.kind === 'return' ? 0 : Math.round((collected * 100 * rate.codFeePermille) / 1000) / 100;
  return { collected, charge, fee, paid: Math.round((collected - charge - fee - short) * 100) / 100 };
}

const csvOf = (header: string[], rows: (string | number)[][]) => Buffer.from([header, ...rows].map((r) => r.join(',')).join('\n'));

describe('courier settlements', () => {
  let steadfast: SteadfastFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    steadfast = await startSteadfastFake();
    Object.assign(env, { STEADFAST_BASE_URL: steadfast.baseUrl, STEADFAST_API_KEY: steadfast.apiKey, STEADFAST_SECRET_KEY: steadfast.secretKey });
  });
  afterAll(async () => {
    await steadfast?.close();
  });
  const t = useTestApp(env);
  let owner: TestUser;
  beforeEach(async () => {
    steadfast.reset();
    owner = await makeUser(t.database.db, t.config, 'ADMIN');
  });

  const overview = async (): Promise<SettlementOverview> => {
    const res = await t.api().as(owner).get('settlements');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SettlementOverview;
  };

  /** The Steadfast parcels as the fake's consignments (booked earlier in the courier's own books). */
  function intoFake(parcels: SeededParcel[]) {
    for (const p of parcels.filter((x) => x.provider === 'steadfast')) {
      const c: SteadfastConsignment = { consignment_id: Number(p.consignmentId), invoice: p.orderNo, tracking_code: 'T', recipient_name: 'R', recipient_phone: '01712345678', recipient_address: 'A', cod_amount: p.kind === 'return' || !p.cod ? 0 : p.total, status: p.kind === 'return' ? 'cancelled' : 'delivered', note: null, created_at: '', updated_at: '' };
      steadfast.consignments.set(c.consignment_id, c);
    }
  }

  it('reconciles 1,000 parcels: finds every short payment, overcharge, missing and foreign line, and nothing else', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 1000, now });
    intoFake(parcels);
    expect((await t.api().as(owner).put('settlements/rates', { rates: RATES })).statusCode).toBe(200);
    const expected = new Map<string, SettledParcel['outcome']>();
    // Parcels delivered in the last two days are not in any payout yet.
    const recent = (p: SeededParcel) => now.getTime() - p.finalAt.getTime() < 2 * 86_400_000;
    for (const p of parcels.filter(recent)) expected.set(p.consignmentId, 'unpaid');

    const sf = parcels.filter((p) => p.provider === 'steadfast' && !recent(p));
    const half = Math.floor(sf.length / 2);
    const [first, second] = [sf.slice(0, half), sf.slice(half)];
    const deliveredCod = (list: SeededParcel[]) => list.filter((p) => p.kind === 'delivery' && p.cod);
    const short = deliveredCod(first).slice(0, 3).map((p) => Number(p.consignmentId));
    const over = deliveredCod(first).slice(3, 5).map((p) => Number(p.consignmentId));
    const overReturn = first.filter((p) => p.kind === 'return').slice(0, 1).map((p) => Number(p.consignmentId));
    const omitted = deliveredCod(second).slice(0, 2).map((p) => Number(p.consignmentId));
    short.forEach((id) => expected.set(String(id), 'short'));
    [...over, ...overReturn].forEach((id) => expected.set(String(id), 'overcharged'));
    omitted.forEach((id) => expected.set(String(id), 'unpaid'));
    const byId = new Map(sf.map((p) => [Number(p.consignmentId), p]));
    const charge = (c: SteadfastConsignment) => {
      const p = byId.get(c.consignment_id)!;
      const rate = rateOf(p);
      return (p.kind === 'return' ? rate.returnCharge : rate.deliveryCharge) + (over.includes(c.consignment_id) || overReturn.includes(c.consignment_id) ? 20 : 0);
    };
    // Steadfast's fee is 1 % of COD whatever it is; returns carry no COD.
    steadfast.payOut({ consignmentIds: first.map((p) => Number(p.consignmentId)), charge, short: Object.fromEntries(short.map((id) => [id, 50])), at: new Date(now.getTime() - 5 * 86_400_000) });
    const foreignLines = [9_900_001, 9_900_002].map((id) => ({ consignment_id: id, invoice: `X${id}`, tracking_code: 'Z', cod_amount: 500, delivery_charge: 80, cod_charge: 5, paid_amount: 415, status: 'delivered' }));
    foreignLines.forEach((l) => expected.set(String(l.consignment_id), 'foreign'));
    steadfast.payOut({ consignmentIds: second.map((p) => Number(p.consignmentId)), charge, omit: omitted, extra: foreignLines, at: new Date(now.getTime() - 1 * 86_400_000) });

    const pulled = await t.api().as(owner).post('settlements/pull');
    expect(pulled.json()).toMatchObject({ data: { payouts: 2, lines: first.length + second.length - omitted.length + 2 } });
    // A second pull finds nothing new and records nothing twice.
    expect((await t.api().as(owner).post('settlements/pull')).json()).toMatchObject({ data: { payouts: 0, lines: 0 } });

    // Pathao's by a generic statement, its columns named by the owner.
    const pa = parcels.filter((p) => p.provider === 'pathao' && !recent(p));
    const paShort = deliveredCod(pa).slice(0, 2);
    const paOver = deliveredCod(pa).slice(2, 3);
    paShort.forEach((p) => expected.set(p.consignmentId, 'short'));
    paOver.forEach((p) => expected.set(p.consignmentId, 'overcharged'));
    expected.set('DL999999', 'foreign');
    const rows = pa.map((p) => {
      const l = lineOf(p, paOver.includes(p) ? 15 : 0, paShort.includes(p) ? 25.5 : 0);
      return [p.consignmentId, l.collected.toFixed(2), l.charge, l.fee.toFixed(2), l.paid.toFixed(2)];
    });
    rows.push(['DL999999', '1000', '70', '10', '920']);
    const file = csvOf(['CID', 'Cash', 'Charge', 'Fee', 'Net'], rows);
    const fields = { format: 'generic', provider: 'pathao', reference: 'PA-2026-11', paidOn: new Date(now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10), column_consignment: 'CID', column_collected: 'Cash', column_deliveryCharge: 'Charge', column_codFee: 'Fee', column_paid: 'Net' };
    const dry = await t.api().as(owner).post('settlements/statement?dryRun=1', multipart({ ...fields, file: { data: file, filename: 'pathao.csv', contentType: 'text/csv' } }));
    expect(dry.json().data).toMatchObject({ lines: pa.length + 1, errors: [], unmatched: [{ row: pa.length + 2, consignmentId: 'DL999999' }], applied: false });
    const applied = await t.api().as(owner).post('settlements/statement', multipart({ ...fields, file: { data: file, filename: 'pathao.csv', contentType: 'text/csv' } }));
    expect(applied.json().data).toMatchObject({ applied: true });

    const seen = await overview();
    const found = new Map(seen.exceptions.map((e) => [e.consignmentId, e.outcome]));
    expect(seen.exceptions.length).toBeLessThan(500);
    const diff = [...new Set([...found.keys(), ...expected.keys()])].filter((k) => found.get(k) !== expected.get(k)).map((k) => [k, found.get(k), expected.get(k)]);
    expect(diff).toEqual([]);
    expect(found.size).toBe(expected.size);
    // The amounts: 50 taka short on each Steadfast short payment, 25.50 on Pathao's; 20 and 15 taka above the card.
    const ex = (id: number | string) => seen.exceptions.find((e) => e.consignmentId === String(id))!;
    expect(short.map((id) => ex(id).differencePaisa)).toEqual([5000, 5000, 5000]);
    expect(paShort.map((p) => ex(p.consignmentId).differencePaisa)).toEqual([2550, 2550]);
    expect([...over, ...overReturn].map((id) => ex(id).differencePaisa)).toEqual([2000, 2000, 2000]);
    expect(ex(paOver[0]!.consignmentId).differencePaisa).toBe(1500);
    expect(ex(omitted[0]!).ageDays).toBeGreaterThanOrEqual(2);
    // Cash with the couriers: everything still owed, by the same rule.
    expect(seen.cashWithCouriersPaisa).toBe(seen.couriers.reduce((s, c) => s + c.owedPaisa, 0));
    const cash = await t.api().as(owner).get('settlements/cash');
    expect(cash.json().data).toEqual({ cashWithCouriersPaisa: seen.cashWithCouriersPaisa });
    expect(seen.payouts.map((p) => [p.provider, p.source, p.exceptions])).toEqual(
      expect.arrayContaining([
        ['steadfast', 'api', 6],
        ['steadfast', 'api', 2],
        ['pathao', 'file', 4],
      ]),
    );
  });

  it('resolves an exception with a note in the audit log; a parcel paid in full has nothing to resolve', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 12, now, pathaoEvery: 1000, returnEvery: 1000, prepaidEvery: 1000 });
    intoFake(parcels);
    const paid = parcels.filter((p) => now.getTime() - p.finalAt.getTime() >= 86_400_000);
    steadfast.payOut({ consignmentIds: paid.map((p) => Number(p.consignmentId)), charge: (c) => (Number(c.consignment_id) % 2 === 0 ? 80 : 130), short: { [Number(paid[0]!.consignmentId)]: 100 } });
    await t.api().as(owner).post('settlements/pull');
    const before = await overview();
    const shortOne = before.exceptions.find((e) => e.outcome === 'short')!;
    expect(shortOne.differencePaisa).toBe(10_000);
    const steadfastOwed = (o: SettlementOverview) => o.couriers.find((c) => c.provider === 'steadfast')!.owedPaisa;
    const owedBefore = steadfastOwed(before);

    const blank = await t.api().as(owner).post('settlements/resolve', { provider: 'steadfast', consignmentId: shortOne.consignmentId, note: '  ' });
    expect(blank.statusCode).toBe(400);
    const fullyPaid = await t.api().as(owner).post('settlements/resolve', { provider: 'steadfast', consignmentId: paid[1]!.consignmentId, note: 'fine' });
    expect(fullyPaid.json()).toMatchObject({ code: 'SETTLEMENT_NOT_AN_EXCEPTION' });
    expect(await queryRows(t.database, sql`select 1 from settlement_resolutions`)).toEqual([]);

    const ok = await t.api().as(owner).post('settlements/resolve', { provider: 'steadfast', consignmentId: shortOne.consignmentId, note: 'Steadfast paid the 100 taka in cash' });
    expect(ok.json().data.resolved.note).toBe('Steadfast paid the 100 taka in cash');
    const after = await overview();
    expect(steadfastOwed(after)).toBe(owedBefore - 10_000);
    // Resolved ones go after the open ones.
    expect(after.exceptions.at(-1)).toMatchObject({ consignmentId: shortOne.consignmentId, resolved: { note: 'Steadfast paid the 100 taka in cash' } });
    const audit = await queryRows<{ kind: string; action: string; label: string }>(t.database, sql`select kind, action, target_label as label from audit_log where kind = 'settlement'`);
    expect(audit).toEqual([{ kind: 'settlement', action: 'resolve', label: shortOne.orderNo }]);

    // A payout's own page: its parcels, the short one first.
    const payoutId = after.payouts.find((p) => p.provider === 'steadfast')!.id;
    const detail = await t.api().as(owner).get(`settlements/payouts/${payoutId}`);
    expect(detail.json().data.parcels).toHaveLength(paid.length);
    expect((await t.api().as(owner).get('settlements/payouts/nope')).statusCode).toBe(404);
  });

  it('refuses a statement with bad rows, records nothing, and names each row; a reference twice is refused', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 6, now, pathaoEvery: 1, returnEvery: 1000, prepaidEvery: 1000 });
    await t.api().as(owner).put('settlements/rates', { rates: RATES });
    const header = ['Consignment ID', 'Collected Amount', 'Delivery Fee', 'COD Fee', 'Payout Amount'];
    const good = parcels.map((p) => {
      const l = lineOf(p);
      return [p.consignmentId, l.collected, l.charge, l.fee, l.paid];
    });
    const bad = csvOf(header, [...good.slice(0, 2), [parcels[2]!.consignmentId, 'lots', 70, 1, 2], ['', 1, 1, 1, 1]]);
    const fields = { format: 'pathao', provider: 'pathao', reference: 'P-1', paidOn: '2026-11-30' };
    const refused = await t.api().as(owner).post('settlements/statement', multipart({ ...fields, file: { data: bad, filename: 's.csv' } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'SETTLEMENT_ROWS_INVALID',
      data: { errors: [{ row: 4, code: 'SETTLEMENT_CELL_AMOUNT', message: 'Collected Amount: must be an amount in taka' }, { row: 5, code: 'CSV_CELL_EMPTY' }], applied: false },
    });
    expect(await queryRows(t.database, sql`select 1 from courier_payouts`)).toEqual([]);

    const missing = await t.api().as(owner).post('settlements/statement', multipart({ ...fields, file: { data: csvOf(['Consignment ID', 'Cash'], [['DL1', '2']]), filename: 's.csv' } }));
    expect(missing.json()).toMatchObject({ code: 'SETTLEMENT_COLUMNS_MISSING' });

    // Pathao's own export: Bangla digits and thousands separators read as amounts.
    const withBangla = good.map((r, i) => (i === 0 ? [r[0]!, `"${Number(r[1]).toLocaleString('en-US')}"`, '৭০', r[3]!, r[4]!] : r));
    const okFile = csvOf(header, withBangla);
    expect((await t.api().as(owner).post('settlements/statement', multipart({ ...fields, file: { data: okFile, filename: 's.csv' } }))).json().data).toMatchObject({ applied: true, lines: 6, errors: [] });
    const twice = await t.api().as(owner).post('settlements/statement', multipart({ ...fields, file: { data: okFile, filename: 's.csv' } }));
    expect(twice.statusCode).toBe(409);
    expect(await queryRows(t.database, sql`select 1 from courier_payouts`)).toHaveLength(1);
    // Every parcel paid as the card says: no exception.
    expect((await overview()).exceptions).toEqual([]);
  });

  it('reads Pathao’s export as XLSX, numbers as numbers', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 4, now, pathaoEvery: 1, returnEvery: 1000, prepaidEvery: 1000 });
    await t.api().as(owner).put('settlements/rates', { rates: RATES });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Payment');
    sheet.addRow(['Consignment ID', 'Collected Amount', 'Delivery Fee', 'COD Fee', 'Payout Amount']);
    for (const [i, p] of parcels.entries()) {
      const l = lineOf(p, 0, i === 1 ? 10 : 0);
      sheet.addRow([p.consignmentId, l.collected, l.charge, l.fee, l.paid]);
    }
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const res = await t.api().as(owner).post('settlements/statement', multipart({ format: 'pathao', provider: 'pathao', reference: 'PX-1', paidOn: '2026-11-30', file: { data: file, filename: 'pathao.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    expect(res.json().data).toMatchObject({ applied: true, lines: 4, errors: [] });
    const seen = await overview();
    expect(seen.exceptions.map((e) => [e.consignmentId, e.outcome, e.differencePaisa])).toEqual([[parcels[1]!.consignmentId, 'short', 1000]]);
    const broken = await t.api().as(owner).post('settlements/statement', multipart({ format: 'pathao', provider: 'pathao', reference: 'PX-2', paidOn: '2026-11-30', file: { data: Buffer.concat([file.subarray(0, 200)]), filename: 'broken.xlsx' } }));
    expect(broken.json()).toMatchObject({ code: 'SETTLEMENT_FILE_UNREADABLE' });
    expect(await queryRows(t.database, sql`select 1 from courier_payouts`)).toHaveLength(1);
  });

  it('a pull that fails half-way keeps what it recorded and takes the rest next time', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 8, now, pathaoEvery: 1000, returnEvery: 1000, prepaidEvery: 1000 });
    intoFake(parcels);
    const ids = parcels.filter((p) => p.provider === 'steadfast').map((p) => Number(p.consignmentId));
    steadfast.payOut({ consignmentIds: ids.slice(0, 3), charge: (c) => (c.consignment_id % 2 === 0 ? 80 : 130) });
    steadfast.payOut({ consignmentIds: ids.slice(3), charge: (c) => (c.consignment_id % 2 === 0 ? 80 : 130) });
    // The newer payout's detail answers 503 once: the older one (read first) is kept, the newer is not half-written.
    steadfast.inject({ path: `/payments/${steadfast.payments[0]!.id}`, status: 503, times: 1 });
    const failed = await t.api().as(owner).post('settlements/pull');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'SETTLEMENT_STEADFAST_FAILED' });
    expect(await queryRows(t.database, sql`select reference from courier_payouts`)).toEqual([{ reference: String(steadfast.payments[1]!.id) }]);
    expect((await t.api().as(owner).post('settlements/pull')).json().data).toEqual({ payouts: 1, lines: ids.length - 3 });
    const lines = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from courier_payout_lines`);
    expect(lines).toEqual([{ n: ids.length }]);
    // The calls carried the merchant's keys, as Steadfast requires.
    expect(steadfast.calls.filter((c) => c.path.startsWith('/payments')).every((c) => c.headers['api-key'] === steadfast.apiKey && c.headers['secret-key'] === steadfast.secretKey)).toBe(true);
  });

  it('is for the Owner and the Manager only', async () => {
    const orders = await makeUser(t.database.db, t.config, 'ORDERS');
    const manager = await makeUser(t.database.db, t.config, 'MANAGER');
    expect((await t.api().as(orders).get('settlements')).statusCode).toBe(403);
    expect((await t.api().as(orders).put('settlements/rates', { rates: RATES })).statusCode).toBe(403);
    expect((await t.api().as(manager).get('settlements')).statusCode).toBe(200);
    // The Manager changes one zone's rates: one audit entry with what changed; the same card again adds none.
    const card = { rates: [{ provider: 'pathao', zone: 'outside', deliveryCharge: 120, codFeePermille: 10, returnCharge: 60 }] };
    expect((await t.api().as(manager).put('settlements/rates', card)).json().data).toEqual(card.rates);
    expect((await t.api().as(manager).put('settlements/rates', card)).statusCode).toBe(200);
    const entries = await queryRows(t.database, sql`select target_id, target_label, before, after from audit_log where kind = 'settings'`);
    expect(entries).toEqual([{ target_id: 'courier_rates/pathao/outside', target_label: 'Pathao rates, outside Dhaka', before: { deliveryCharge: 130, returnCharge: 65 }, after: { deliveryCharge: 120, returnCharge: 60 } }]);
    // A bad charge changes nothing.
    const bad = await t.api().as(manager).put('settlements/rates', { rates: [{ ...card.rates[0], deliveryCharge: -5 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A charge must be a whole number of taka from 0 to 5,000.');
    expect((await t.api().as(manager).get('settlements')).json().data.rates).toEqual(card.rates);
  });

  it('exports a daily and a monthly CSV an accountant can open, with the right totals and the Mushak VAT', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 80, now });
    intoFake(parcels);
    const sf = parcels.filter((p) => p.provider === 'steadfast');
    steadfast.payOut({ consignmentIds: sf.map((p) => Number(p.consignmentId)), charge: (c) => (c.cod_amount === 0 ? 40 : 80), at: now });
    await t.api().as(owner).post('settlements/pull');
    const day = (d: Date) => new Date(d.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
    const from = day(new Date(now.getTime() - 45 * 86_400_000));
    const to = day(now);
    const res = await t.api().as(owner).get(`settlements/export.csv?period=daily&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const table = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    const total = table.at(-1)!;
    expect(total.period).toBe('TOTAL');
    expect(table).toHaveLength(47); // 46 days and the total
    const delivered = parcels.filter((p) => p.kind === 'delivery');
    expect(Number(total.orders_delivered)).toBe(delivered.length);
    expect(Number(total.cod_collected)).toBe(delivered.filter((p) => p.cod).reduce((s, p) => s + p.total, 0));
    expect(Number(total.sales_incl_vat)).toBe(delivered.reduce((s, p) => s + p.total, 0));
    const vat = delivered.reduce((s, p) => s + Math.round((p.total * 100 * 150) / 1150), 0) / 100;
    expect(Number(total.mushak_vat)).toBeCloseTo(vat, 2);
    expect(Number(total.mushak_value_excl_vat) + Number(total.mushak_vat)).toBeCloseTo(Number(total.sales_incl_vat), 2);
    const pulledLines = await queryRows<{ paid: string; charges: string }>(t.database, sql`select sum(paid_paisa)::text as paid, sum(delivery_charge_paisa + cod_fee_paisa)::text as charges from courier_payout_lines`);
    expect(Math.round(Number(total.payouts_received) * 100)).toBe(Number(pulledLines[0]!.paid));
    expect(Math.round(Number(total.courier_charges) * 100)).toBe(Number(pulledLines[0]!.charges));
    expect(total.advances).toBe('0.00');
    // Each day's rows add up to the total.
    expect(table.slice(0, -1).reduce((s, r) => s + Number(r.orders_delivered), 0)).toBe(delivered.length);

    const monthly = await t.api().as(owner).get(`settlements/export.csv?period=monthly&from=${from}&to=${to}`);
    const months = parse(monthly.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(months.at(-1)).toEqual(total);
    expect((await t.api().as(owner).get(`settlements/export.csv?period=daily&from=${to}&to=${from}`)).json()).toMatchObject({ code: 'SETTLEMENT_EXPORT_RANGE' });
  });

  it('reconciles RedX and Paperfly parcels too: owed on the page, paid by an uploaded statement, resolved with a note', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 12, now });
    const [redx, paperfly] = parcels.filter((p) => p.kind === 'delivery' && p.cod);
    for (const [p, provider] of [[redx!, 'redx'], [paperfly!, 'paperfly']] as const) {
      await t.database.db.execute(sql`UPDATE shipments SET provider = ${provider} WHERE consignment_id = ${p.consignmentId}`);
    }
    // No rate card set here: both take the defaults (80 taka inside Dhaka, 130 outside, 1 % COD).
    const expectedOf = (p: SeededParcel) => p.total * 100 - (p.inside ? 8000 : 13000) - Math.round(p.total * 100 * 0.01);
    const before = await overview();
    expect(before.couriers.find((c) => c.provider === 'redx')).toMatchObject({ owedPaisa: expectedOf(redx!), unpaid: 1 });
    expect(before.couriers.find((c) => c.provider === 'paperfly')).toMatchObject({ owedPaisa: expectedOf(paperfly!), unpaid: 1 });

    const paid = (expectedOf(redx!) / 100).toFixed(2);
    const fields = { format: 'generic', provider: 'redx', reference: 'RX-2026-12', paidOn: new Date(now.getTime() + 6 * 3600_000).toISOString().slice(0, 10), column_consignment: 'CID', column_collected: 'Cash', column_deliveryCharge: 'Charge', column_codFee: 'Fee', column_paid: 'Net' };
    const file = csvOf(['CID', 'Cash', 'Charge', 'Fee', 'Net'], [[redx!.consignmentId, redx!.total, redx!.inside ? 80 : 130, (Math.round(redx!.total * 100 * 0.01) / 100).toFixed(2), paid]]);
    const applied = await t.api().as(owner).post('settlements/statement', multipart({ ...fields, file: { data: file, filename: 'redx.csv', contentType: 'text/csv' } }));
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await overview();
    expect(after.couriers.find((c) => c.provider === 'redx')?.owedPaisa ?? 0).toBe(0);
    expect(after.payouts.map((p) => [p.provider, p.reference])).toContainEqual(['redx', 'RX-2026-12']);

    const resolved = await t.api().as(owner).post('settlements/resolve', { provider: 'paperfly', consignmentId: paperfly!.consignmentId, note: 'Paperfly paid it in cash at the hub' });
    expect(resolved.statusCode, resolved.body).toBe(200);
  });

  it('a paid partial advance: the rider was to collect the rest, and the export shows the advance', async () => {
    const now = new Date();
    const parcels = await seedSettlementParcels(t.database.db, { count: 20, now });
    const delivered = parcels.filter((p) => p.kind === 'delivery');
    const advanced = delivered.filter((p) => p.cod).slice(0, 2);
    expect(advanced).toHaveLength(2);
    for (const p of advanced) {
      await t.database.db.execute(sql`UPDATE orders SET advance_amount = 100, payment_state = 'paid', paid_amount = 100, paid_at = ${now.toISOString()}::timestamptz WHERE order_id = ${p.orderNo}`);
    }
    const expected = await expectedParcels(t.database.db);
    for (const p of advanced) expect(expected.find((e) => e.consignmentId === p.consignmentId)?.codPaisa).toBe((p.total - 100) * 100);
    const day = (d: Date) => new Date(d.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
    const res = await t.api().as(owner).get(`settlements/export.csv?period=monthly&from=${day(new Date(now.getTime() - 45 * 86_400_000))}&to=${day(now)}`);
    const total = (parse(res.body, { bom: true, columns: true }) as Record<string, string>[]).at(-1)!;
    expect(total.advances).toBe('200.00');
    expect(Number(total.cod_collected)).toBe(delivered.filter((p) => p.cod).reduce((s, p) => s + p.total, 0) - 200);
  });
});

describe('courier settlements without Steadfast set', () => {
  const t = useTestApp();

  it('refuses "read now" with the reason, and the page still answers', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const pull = await t.api().as(owner).post('settlements/pull');
    expect({ status: pull.statusCode, code: pull.json().code }).toEqual({ status: 409, code: 'SETTLEMENT_STEADFAST_OFF' });
    const page = await t.api().as(owner).get('settlements');
    expect(page.json().data).toMatchObject({ couriers: [], cashWithCouriersPaisa: 0, exceptions: [], payouts: [] });
  });
});
