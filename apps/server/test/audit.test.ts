import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { auditLog, users } from '../src/db/schema';
import { pruneAuditLog } from '../src/modules/audit/service';
import { newId } from '../src/lib/ids';
import { startFakeBkash, type FakeBkash } from './fakes/bkash';
import { dhakaGuest, makeProduct, makeUser, multipart, png, seedCatalogue, testConfig, tmpDir, useTestApp, type TestContext, type TestUser } from './support';

/**
 * Issue 28, decision 0065: every staff change is recorded with who, when, from
 * where and the changed fields before and after, in the change's own
 * transaction; a refused request records nothing; the log is append-only
 * (the database refuses UPDATE and DELETE) and only the Owner reads it.
 */
const entries = (t: TestContext) => t.database.db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id));

/** The one entry the log holds, after a change that should have made exactly one. */
async function onlyEntry(t: TestContext) {
  const all = await entries(t);
  expect(all).toHaveLength(1);
  return all[0]!;
}

async function owner(t: TestContext, name = 'Rahima Owner'): Promise<TestUser> {
  const u = await makeUser(t.database.db, t.config, 'ADMIN');
  await t.database.db.update(users).set({ name }).where(eq(users.id, u.id));
  return u;
}

const promotion = { name: 'Eid offer', kind: 'percent', value: 10, code: 'EID10', starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2036-01-01T00:00:00.000Z' };

describe('the audit log records each staff change (issue 28)', () => {
  const t = useTestApp({ RATE_LIMITS: 'off' });

  it('a price and stock edit: who, from where, and only the changed fields before → after', async () => {
    const boss = await owner(t);
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [id] = await addProducts(cat.electronics, sub.phones, [{ name: 'Kettle', description: 'Boils', price: 1000, stock: 5 }]);
    const api = t.api().from('203.0.113.7').as(boss);
    const form = { productId: id!, name: 'Kettle', description: 'Boils', unit: '1 pc', category: cat.electronics, subCategory: sub.phones, image: '/uploads/products/x.webp' };
    const res = await api.put('product/edit-product', multipart({ ...form, price: '1200', stock: '9', expectedStock: '5' }));
    expect(res.statusCode, res.body).toBe(200);

    const entry = await onlyEntry(t);
    expect(entry).toMatchObject({
      actorId: boss.id,
      actorName: 'Rahima Owner',
      actorEmail: boss.email,
      actorRole: 'ADMIN',
      ip: '203.0.113.7',
      kind: 'product',
      action: 'update',
      targetId: id,
      targetLabel: 'Kettle',
      before: { price: 1000, stock: 5 },
      after: { price: 1200, stock: 9 },
    });
    expect(Date.now() - entry.at.getTime()).toBeLessThan(60_000);

    // An edit that changes nothing records nothing; a refused one (stale stock: 409) neither.
    expect((await api.put('product/edit-product', multipart({ ...form, price: '1200', stock: '9', expectedStock: '9' }))).statusCode).toBe(200);
    const stale = await api.put('product/edit-product', multipart({ ...form, price: '1500', stock: '1', expectedStock: '5' }));
    expect(stale.statusCode).toBe(409);
    expect(await entries(t)).toHaveLength(1);
  });

  it('a variant edit records only what changed, named by the variant; line endings alone change nothing (issue 42)', async () => {
    const boss = await owner(t);
    const { cat, sub } = await seedCatalogue(t.database.db);
    const api = t.api().as(boss);
    const options = [
      { name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'এম' }, { value: 'L', value_bn: 'এল' }] },
      { name: 'Colour', name_bn: 'রং', values: [{ value: 'Red', value_bn: 'লাল' }] },
    ];
    const variants = [
      { sku: 'KU-M-RED', values: ['M', 'Red'], price: 1200, stock: 5 },
      { sku: 'KU-L-RED', values: ['L', 'Red'], price: 1500, stock: 2 },
    ];
    // The seed and the CSV keep \n between the Details' lines.
    const fields = { name: 'Cotton Kurta', description: 'Hand-stitched', product_details: '• Cotton\n• Hand-stitched', unit: '1 pc', stock: '1', price: '1', category: cat.fashion, subCategory: sub.shirts };
    const added = await api.post('product/add-product', multipart({ ...fields, image: await png(), options: JSON.stringify(options), variants: JSON.stringify(variants) }));
    expect(added.statusCode, added.body).toBe(200);
    const kurta = added.json().data as { _id: string; image: string[]; variants: { _id: string }[] };
    const [mRed, lRed] = kurta.variants.map((v) => v._id);
    const created = await onlyEntry(t);
    // A create keeps every variant, by id, named in both languages; the product's own price and stock are its variants'.
    expect(created.after).toMatchObject({ variants: { [mRed!]: { label: 'M / Red', label_bn: 'এম / লাল', sku: 'KU-M-RED', price: 1200, stock: 5 }, [lRed!]: { label: 'L / Red', label_bn: 'এল / লাল', price: 1500, stock: 2 } } });
    expect(created.after).not.toHaveProperty('price');

    // A browser sends a textarea's lines as \r\n: the same Details, not a change.
    const edit = (over: Record<string, unknown>) =>
      api.put('product/edit-product', multipart({ ...fields, productId: kurta._id, image: kurta.image, product_details: '• Cotton\r\n• Hand-stitched', options: JSON.stringify(options), ...over }));
    const l = (over: object) => [{ ...variants[0], _id: mRed }, { ...variants[1], _id: lRed, ...over }];
    const res = await edit({ variants: JSON.stringify(l({ price: 1550, stock: 6, expectedStock: 2 })) });
    expect(res.statusCode, res.body).toBe(200);
    const [, edited] = await entries(t);
    expect(edited).toMatchObject({ kind: 'product', action: 'update', targetLabel: 'Cotton Kurta' });
    expect(edited!.before).toEqual({ variants: { [lRed!]: { label: 'L / Red', label_bn: 'এল / লাল', price: 1500, stock: 2 } } });
    expect(edited!.after).toEqual({ variants: { [lRed!]: { label: 'L / Red', label_bn: 'এল / লাল', price: 1550, stock: 6 } } });

    // Saved again as it stands, the Details' line endings differing: nothing recorded.
    expect((await edit({ variants: JSON.stringify(l({ price: 1550, stock: 6, expectedStock: 6 })), product_details: '• Cotton\n• Hand-stitched' })).statusCode).toBe(200);
    expect(await entries(t)).toHaveLength(2);
    // A real Details change is still one, with the other fields left out.
    expect((await edit({ variants: JSON.stringify(l({ price: 1550, stock: 6, expectedStock: 6 })), product_details: '• Cotton\r\n• Hand-stitched\r\n• Dry clean' })).statusCode).toBe(200);
    const [, , details] = await entries(t);
    expect(Object.keys(details!.after!)).toEqual(['product_details']);
  });

  it('a product created, deleted and imported by CSV: one entry each, none for a refused file', async () => {
    const boss = await owner(t);
    const { cat, sub } = await seedCatalogue(t.database.db);
    const api = t.api().as(boss);
    const kettle = await makeProduct(t.database.db, { name: 'Kettle', price: 1000, stock: 4 });
    const header = 'id,name,description,unit,price,stock,expected_stock,category,subCategory';
    const csv = (rows: string[]) => multipart({ file: { data: Buffer.from([header, ...rows].join('\n')), filename: 'products.csv', contentType: 'text/csv' } });
    const bad = await api.post('product/import', csv([`${kettle.id},Kettle,d,1 pc,-5,4,4,Electronics and Gadgets,Mobile Phones`]));
    expect(bad.statusCode).toBe(400);
    expect(await entries(t)).toHaveLength(0);

    const done = await api.post('product/import', csv([`${kettle.id},Kettle,d,1 pc,1100,6,4,Electronics and Gadgets,Mobile Phones`, ',Toaster,t,1 pc,800,3,,Electronics and Gadgets,Mobile Phones']));
    expect(done.statusCode, done.body).toBe(200);
    const imported = await entries(t);
    expect(imported.map((e) => [e.kind, e.action, e.targetLabel]).sort()).toEqual([['product', 'import', 'Kettle'], ['product', 'import', 'Toaster']]);
    const update = imported.find((e) => e.targetId === kettle.id)!;
    expect(update.before).toMatchObject({ price: 1000, stock: 4, category: [], subCategory: [] });
    expect(update.after).toMatchObject({ price: 1100, stock: 6, category: [cat.electronics], subCategory: [sub.phones] });
    expect(Object.keys(update.before!)).not.toContain('name');
    expect(imported.find((e) => e.targetLabel === 'Toaster')).toMatchObject({ before: null, after: { name: 'Toaster', price: 800, stock: 3 } });

    expect((await api.delete('product/delete-product', { productId: kettle.id })).statusCode).toBe(200);
    const [, , deleted] = await entries(t);
    expect(deleted).toMatchObject({ kind: 'product', action: 'delete', targetId: kettle.id, after: null, before: { name: 'Kettle', price: 1100 } });
  });

  it('a promotion created, edited and paused', async () => {
    const boss = await owner(t);
    const api = t.api().as(boss);
    const created = await api.post('promotion', promotion);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    expect(await onlyEntry(t)).toMatchObject({ kind: 'promotion', action: 'create', targetId: id, targetLabel: 'Eid offer', before: null, after: { name: 'Eid offer', code: 'EID10', value: 10 } });

    expect((await api.put(`promotion/${id}`, { ...promotion, value: 15 })).statusCode).toBe(200);
    expect((await api.put(`promotion/${id}/active`, { active: false })).statusCode).toBe(200);
    const [, edited, paused] = await entries(t);
    expect(edited).toMatchObject({ action: 'update', before: { value: 10 }, after: { value: 15 } });
    expect(Object.keys(edited!.after!)).toEqual(['value']);
    expect(paused).toMatchObject({ action: 'pause', before: { active: true }, after: { active: false } });

    // Bad input: 400, nothing recorded.
    expect((await api.put(`promotion/${id}`, { ...promotion, value: 500 })).statusCode).toBe(400);
    expect(await entries(t)).toHaveLength(3);
  });

  it('the delivery fees, the dashboard settings and the COD protection rule and blocks', async () => {
    const boss = await owner(t);
    const api = t.api().from('198.51.100.4').as(boss);
    const fees = await api.put('delivery-settings', { freeDelivery: true, insideDhaka: 80, outsideDhaka: 150 });
    expect(fees.statusCode, fees.body).toBe(200);
    const entry = await onlyEntry(t);
    expect(entry).toMatchObject({ kind: 'delivery_fee', action: 'update', ip: '198.51.100.4', after: { freeDelivery: true, insideDhaka: 80, outsideDhaka: 150 } });
    expect(Object.keys(entry.before!).sort()).toEqual(Object.keys(entry.after!).sort());
    // Saving the same fees again changes nothing and records nothing; bad input neither.
    await api.put('delivery-settings', { freeDelivery: true, insideDhaka: 80, outsideDhaka: 150 });
    expect((await api.put('delivery-settings', { freeDelivery: true, insideDhaka: -1, outsideDhaka: 150 })).statusCode).toBe(400);
    expect(await entries(t)).toHaveLength(1);

    expect((await api.put('dashboard/settings', { lowStockThreshold: 12 })).statusCode).toBe(200);
    expect((await entries(t))[1]).toMatchObject({ kind: 'settings', action: 'update', before: { lowStockThreshold: 5 }, after: { lowStockThreshold: 12 } });

    // The COD protection rule and blocks (issue 26) are shop settings too.
    const rule = await api.put('cod/settings', { mode: 'always', risk: 'high', above: 3000 });
    expect(rule.statusCode, rule.body).toBe(200);
    expect((await entries(t))[2]).toMatchObject({ kind: 'settings', action: 'update', before: { mode: 'never' }, after: { mode: 'always', above: 3000 } });
    expect((await api.post('cod/blocks', { mobile: '01712345678', reason: 'Refused three parcels' })).statusCode).toBe(201);
    expect((await api.delete('cod/blocks/01712345678')).statusCode).toBe(200);
    expect((await api.delete('cod/blocks/01712345678')).statusCode).toBe(404);
    expect((await entries(t)).slice(3)).toMatchObject([
      { kind: 'settings', action: 'create', targetId: '01712345678', after: { reason: 'Refused three parcels' } },
      { kind: 'settings', action: 'delete', targetId: '01712345678', before: { reason: 'Refused three parcels' } },
    ]);
  });

  it('an order status change by staff, through the status table; a refused move records nothing', async () => {
    const clerk = await makeUser(t.database.db, t.config, 'ORDERS');
    const product = await makeProduct(t.database.db, { price: 500, stock: 5 });
    const placed = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect(placed.statusCode).toBe(201);
    const { _id, orderId } = placed.json().data;
    const api = t.api().from('192.0.2.10').as(clerk);
    expect((await api.patch(`order/update-status/${_id}`, { status: 'Delivered' })).statusCode).toBe(200);
    expect(await onlyEntry(t)).toMatchObject({
      actorId: clerk.id,
      actorRole: 'ORDERS',
      ip: '192.0.2.10',
      kind: 'order_status',
      action: 'update',
      targetId: _id,
      targetLabel: orderId,
      before: { status: 'Pending' },
      after: { status: 'Delivered' },
    });
    expect((await api.patch(`order/update-status/${_id}`, { status: 'Nowhere' })).statusCode).toBe(400);
    expect(await entries(t)).toHaveLength(1);

    // Deleting it: refused while Delivered (nothing recorded), recorded once Cancelled and deleted.
    expect((await api.delete(`order/${_id}`)).statusCode).toBe(409);
    expect(await entries(t)).toHaveLength(1);
    expect((await api.patch(`order/update-status/${_id}`, { status: 'Cancel' })).statusCode).toBe(200);
    expect((await api.delete(`order/${_id}`)).statusCode).toBe(200);
    const [, cancelled, deleted] = await entries(t);
    expect(cancelled).toMatchObject({ kind: 'order_status', before: { status: 'Delivered' }, after: { status: 'Cancel' } });
    expect(deleted).toMatchObject({ kind: 'order', action: 'delete', targetId: _id, targetLabel: orderId, before: { status: 'Cancel' }, after: null });
  });

  it('categories and sub-categories: edit, and a delete refused while in use records nothing', async () => {
    const boss = await owner(t);
    const { cat, sub } = await seedCatalogue(t.database.db);
    const api = t.api().as(boss);
    const edited = await api.put('category/update-category', multipart({ categoryId: cat.fashion, name: 'Fashion', name_bn: 'ফ্যাশন' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await onlyEntry(t)).toMatchObject({
      kind: 'category',
      action: 'update',
      targetId: cat.fashion,
      targetLabel: 'Fashion',
      before: { name: 'Fashion and Lifestyle', name_bn: '' },
      after: { name: 'Fashion', name_bn: 'ফ্যাশন' },
    });
    // In use by its sub-category: 409, nothing recorded.
    expect((await api.delete('category/delete-category', { categoryId: cat.fashion })).statusCode).toBe(409);
    expect(await entries(t)).toHaveLength(1);
    expect((await api.delete('subcategory/delete-subcategories', { subcategoryId: sub.shirts })).statusCode).toBe(200);
    expect((await entries(t))[1]).toMatchObject({ kind: 'sub_category', action: 'delete', targetId: sub.shirts, targetLabel: 'Shirts & Tops', before: { name: 'Shirts & Tops', category: [cat.fashion] }, after: null });
  });

  it('a staff role change and a disable; the Owner changing themself records nothing', async () => {
    const boss = await owner(t);
    const manager = await makeUser(t.database.db, t.config, 'MANAGER');
    const api = t.api().from('203.0.113.99').as(boss);
    expect((await api.patch(`staff/${manager.id}`, { role: 'CATALOGUE' })).statusCode).toBe(200);
    expect(await onlyEntry(t)).toMatchObject({ actorId: boss.id, ip: '203.0.113.99', kind: 'staff', action: 'update', targetId: manager.id, targetLabel: manager.email, before: { role: 'MANAGER' }, after: { role: 'CATALOGUE' } });
    expect((await api.patch(`staff/${manager.id}`, { status: 'Suspended' })).statusCode).toBe(200);
    expect((await entries(t))[1]).toMatchObject({ before: { status: 'Active' }, after: { status: 'Suspended' } });
    expect((await api.patch(`staff/${boss.id}`, { role: 'PACKER' })).statusCode).toBe(409);

    const invited = await api.post('staff/invite', { name: 'Salma', email: 'salma@shop.test', role: 'PACKER' });
    expect(invited.statusCode).toBe(201);
    const all = await entries(t);
    expect(all).toHaveLength(3);
    expect(all[2]).toMatchObject({ kind: 'staff', action: 'invite', before: null, after: { name: 'Salma', email: 'salma@shop.test', role: 'PACKER' } });
    // Never a password or its hash.
    expect(JSON.stringify(all)).not.toMatch(/password|hash|argon/i);
  });

  it('a request refused by permission records nothing', async () => {
    const packer = await makeUser(t.database.db, t.config, 'PACKER');
    const manager = await makeUser(t.database.db, t.config, 'MANAGER');
    expect((await t.api().as(packer).put('delivery-settings', { freeDelivery: true, insideDhaka: 1, outsideDhaka: 1 })).statusCode).toBe(403);
    expect((await t.api().as(manager).patch(`staff/${packer.id}`, { role: 'ORDERS' })).statusCode).toBe(403);
    expect((await t.api().as(packer).post('promotion', promotion)).statusCode).toBe(403);
    expect(await entries(t)).toHaveLength(0);
  });
});

describe('GET /api/audit (the Owner’s)', () => {
  const t = useTestApp({ RATE_LIMITS: 'off' });

  /** Entries at given instants, written as the app would (straight in: the API adds them only with a change). */
  async function seed(rows: { at: string; actorId: string; kind: string; actorName?: string }[]) {
    await t.database.db.insert(auditLog).values(
      rows.map((r, i) => ({ id: newId(), at: new Date(r.at), actorId: r.actorId, actorName: r.actorName ?? r.actorId, actorEmail: `${r.actorId}@x.test`, actorRole: 'ADMIN', ip: '127.0.0.1', kind: r.kind, action: 'update', targetId: `t${i}`, before: { n: i }, after: { n: i + 1 } })),
    );
  }

  it('filters by person, kind and Dhaka dates, newest first, a page at a time', async () => {
    const boss = await owner(t);
    await seed([
      // 2026-03-01 23:30 in Dhaka is 17:30 UTC the same day; 2026-03-02 00:30 in Dhaka is 18:30 UTC on 03-01.
      { at: '2026-03-01T17:30:00Z', actorId: 'amina', kind: 'product' },
      { at: '2026-03-01T18:30:00Z', actorId: 'amina', kind: 'promotion' },
      { at: '2026-03-05T06:00:00Z', actorId: 'babul', kind: 'product' },
    ]);
    const get = (query: Record<string, string>) => t.api().as(boss).get('audit', { query });
    const all = await get({});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ success: true, totalCount: 3, totalPages: 1 });
    expect(all.json().data.map((e: { target_id: string }) => e.target_id)).toEqual(['t2', 't1', 't0']);
    expect(all.json().data[0]).toMatchObject({ actor: { _id: 'babul', name: 'babul', email: 'babul@x.test', role: 'ADMIN' }, ip: '127.0.0.1', kind: 'product', action: 'update', before: { n: 2 }, after: { n: 3 } });
    expect(all.json().people.map((p: { _id: string }) => p._id)).toEqual(['amina', 'babul']);

    const ids = async (query: Record<string, string>) => (await get(query)).json().data.map((e: { target_id: string }) => e.target_id);
    expect(await ids({ person: 'amina' })).toEqual(['t1', 't0']);
    expect(await ids({ kind: 'product' })).toEqual(['t2', 't0']);
    expect(await ids({ from: '2026-03-02' })).toEqual(['t2', 't1']);
    expect(await ids({ to: '2026-03-01' })).toEqual(['t0']);
    expect(await ids({ from: '2026-03-02', to: '2026-03-02', person: 'amina', kind: 'promotion' })).toEqual(['t1']);
    expect(await ids({ person: '', kind: '', from: '', to: '' })).toEqual(['t2', 't1', 't0']);

    await seed(Array.from({ length: 60 }, (_, i) => ({ at: new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString(), actorId: 'chaya', kind: 'staff' })));
    const first = await get({ person: 'chaya' });
    expect(first.json()).toMatchObject({ totalCount: 60, totalPages: 2 });
    expect(first.json().data).toHaveLength(50);
    expect((await get({ person: 'chaya', page: '2' })).json().data).toHaveLength(10);
  });

  it('bad filters: 400 naming the field', async () => {
    const boss = await owner(t);
    const bad = async (query: Record<string, string>) => {
      const res = await t.api().as(boss).get('audit', { query });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().params.field as string;
    };
    expect(await bad({ kind: 'passwords' })).toBe('kind');
    expect(await bad({ from: '2026-02-30' })).toBe('from');
    expect(await bad({ to: 'yesterday' })).toBe('to');
    expect(await bad({ from: '2026-03-02', to: '2026-03-01' })).toBe('to');
    expect(await bad({ person: 'Robert; drop table' })).toBe('person');
    expect(await bad({ page: '0' })).toBe('page');
  });

  it('only the Owner reads it: every other role is refused', async () => {
    for (const role of ['MANAGER', 'ORDERS', 'CATALOGUE', 'PACKER'] as const) {
      const res = await t.api().as(await makeUser(t.database.db, t.config, role)).get('audit');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PERMISSION_DENIED');
    }
    expect((await t.api().as(await makeUser(t.database.db, t.config)).get('audit')).json().code).toBe('ADMIN_ONLY');
    expect((await t.api().get('audit')).statusCode).toBe(401);
  });
});

describe('the audit log is append-only and kept a year', () => {
  const t = useTestApp();
  const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60_000);
  const add = async (at: Date) => {
    const id = newId();
    await t.database.db.insert(auditLog).values({ id, at, actorId: 'x', actorRole: 'ADMIN', kind: 'product', action: 'update', before: { price: 1 }, after: { price: 2 } });
    return id;
  };
  /** The database's error for a statement, or null when it ran. */
  const refusal = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.database.db.execute(statement);
      return null;
    } catch (err) {
      const e = err as { message?: string; cause?: { message?: string } };
      return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
    }
  };

  it('refuses UPDATE and DELETE through SQL, on every database', async () => {
    const id = await add(daysAgo(1));
    expect(await refusal(sql`UPDATE audit_log SET after = '{"price": 3}'::jsonb WHERE id = ${id}`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${id}`)).toMatch(/append-only/);
    // A year and a day old is still kept.
    const yearOld = await add(daysAgo(366));
    expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${yearOld}`)).toMatch(/append-only/);
    expect(await refusal(sql`UPDATE audit_log SET at = now() - interval '500 days' WHERE id = ${yearOld}`)).toMatch(/append-only/);
    const rows = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.at));
    expect(rows.map((r) => [r.id, r.after])).toEqual([[yearOld, { price: 2 }], [id, { price: 2 }]]);
  });

  it('refuses TRUNCATE, which no row trigger sees (issue 41)', async () => {
    const id = await add(daysAgo(1));
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    expect(await refusal(sql`TRUNCATE audit_log CASCADE`)).toMatch(/append-only: TRUNCATE refused/);
    expect((await t.database.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id)).toEqual([id]);
  });

  it('the prune takes only entries older than 400 days', async () => {
    const old = await add(daysAgo(401));
    const kept = [await add(daysAgo(399)), await add(daysAgo(366)), await add(daysAgo(0))];
    expect(await pruneAuditLog(t.database.db)).toBe(1);
    const left = (await t.database.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
    expect(left.sort()).toEqual([...kept].sort());
    expect(left).not.toContain(old);
    expect(await pruneAuditLog(t.database.db)).toBe(0);
  });

  it('the server prunes when it starts listening (then daily), not on inject alone', async () => {
    const old = await add(daysAgo(450));
    const kept = await add(daysAgo(370));
    const ids = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id).sort();
    await new Promise((r) => setTimeout(r, 200));
    expect(await ids()).toEqual([old, kept].sort());
    const server = await buildApp({ config: testConfig(), database: t.database, webDist: path.join(tmpDir(), 'no-web') });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      await expect.poll(ids, { timeout: 10_000 }).toEqual([kept]);
    } finally {
      await server.close();
    }
  });
});

describe('a refund is recorded', () => {
  let fake: FakeBkash;
  const env: Record<string, string> = { RATE_LIMITS: 'off' };
  beforeAll(async () => {
    fake = await startFakeBkash();
    Object.assign(env, fake.env({ BKASH_TIMEOUT_MS: '5000' }));
  });
  afterAll(() => fake?.close());
  const t = useTestApp(env);
  beforeEach(() => fake.reset());

  it('with the amount and reason; a refused refund records nothing', async () => {
    const boss = await owner(t);
    const product = await makeProduct(t.database.db, { price: 1200, stock: 5 });
    const placed = await t.api().post('/api/order', { method: 'bkash', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 2 }], guest_user_delivery_address: dhakaGuest });
    expect(placed.statusCode, placed.body).toBe(201);
    const { _id, bkashURL, orderId } = placed.json().data;
    const back = await fake.approve(new URL(bkashURL).searchParams.get('paymentID')!);
    await t.api().get(back.pathname + back.search);
    const api = t.api().as(boss);
    expect((await api.post(`order/${_id}/refund`, { reason: 'Out of stock' })).statusCode).toBe(409);
    expect(await entries(t)).toHaveLength(0);
    expect((await api.patch(`order/update-status/${_id}`, { status: 'Cancel' })).statusCode).toBe(200);
    const done = await api.post(`order/${_id}/refund`, { reason: 'Out of stock' });
    expect(done.statusCode, done.body).toBe(200);
    const [cancelled, refunded] = await entries(t);
    expect(cancelled).toMatchObject({ kind: 'order_status', before: { status: 'Pending' }, after: { status: 'Cancel' } });
    expect(refunded).toMatchObject({
      kind: 'refund',
      action: 'refund',
      targetId: _id,
      targetLabel: orderId,
      before: { paymentState: 'paid', refundedAmount: null },
      after: { paymentState: 'refunded', refundedAmount: 2450, refundReason: 'Out of stock', refundTrxId: done.json().data.refund_trx_id },
    });
  });
});
