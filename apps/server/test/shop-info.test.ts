import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { formatDhaka } from '@haat/shared/dhaka-time';
import { defaultPolicy } from '@haat/shared/policies';
import { auditLog, complaints, orders, shopPages, users } from '../src/db/schema';
import { dhakaGuest, jobRows, makeProduct, makeUser, useTestApp } from './support';

/** Issue 27, "what the shop shows" (decision 0077). */
describe('the business details', () => {
  const t = useTestApp();
  const api = t.api();
  const details = { tradeLicence: 'TRAD/DNCC/012345/2026', dbid: 'DBID-123456789', bin: '000123456-0101', address: 'House 7, Road 3, Banani, Dhaka 1213', addressBn: 'বাড়ি ৭, সড়ক ৩, বনানী, ঢাকা ১২১৩', vatRate: 7.5 };

  it('are empty (VAT 15%) until the owner sets them, then shown to everyone in shop-info', async () => {
    expect((await api.get('shop-info')).json().data.business).toEqual({ tradeLicence: '', dbid: '', bin: '', address: '', addressBn: '', vatRate: 15 });
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const saved = await api.as(owner).put('shop/business', details);
    expect(saved.statusCode).toBe(200);
    // The BIN is kept as its 13 digits, however the certificate writes it.
    const expected = { ...details, bin: '0001234560101' };
    expect(saved.json()).toMatchObject({ message: 'Business details saved.', data: expected });
    expect((await api.get('shop-info')).json().data.business).toEqual(expected);
    expect((await api.as(owner).get('shop/business')).json().data).toEqual(expected);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'shop_settings'));
    expect(entry).toMatchObject({ kind: 'settings', action: 'update', actorId: owner.id });
  });

  it('read Bengali digits, and refuse a wrong BIN, licence, DBID or VAT rate with the schema’s words, changing nothing', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await api.as(owner).put('shop/business', { ...details, bin: '০০০১২৩৪৫৬০১০১', vatRate: '১৫' })).json().data).toMatchObject({ bin: '0001234560101', vatRate: 15 });
    for (const [bad, message] of [
      [{ bin: '12345' }, 'The BIN must be 13 digits.'],
      [{ bin: '00012345601AB' }, 'The BIN must be 13 digits.'],
      [{ tradeLicence: 'TRAD<script>' }, 'The trade licence number may have only letters, digits, "-" and "/" (at most 40).'],
      [{ dbid: 'DBID 12 34' }, 'The DBID may have only letters, digits and "-" (at most 30).'],
      [{ vatRate: 101 }, 'The VAT rate must be a percent from 0 to 100, with at most one decimal (for example 15 or 7.5).'],
      [{ vatRate: 7.55 }, 'The VAT rate must be a percent from 0 to 100, with at most one decimal (for example 15 or 7.5).'],
      [{ address: 'x'.repeat(301) }, 'The business address is too long (at most 300 characters).'],
    ] as const) {
      const res = await api.as(owner).put('shop/business', { ...details, ...bad });
      expect({ bad, status: res.statusCode, code: res.json().code, message: res.json().message }).toEqual({ bad, status: 400, code: 'VALIDATION', message });
    }
    expect((await api.get('shop-info')).json().data.business).toMatchObject({ bin: '0001234560101', vatRate: 15 });
  });

  it('are the owner’s and managers’ (settings.manage): a shopper or an orders clerk gets 403', async () => {
    for (const role of ['USER', 'ORDERS', 'PACKER'] as const) {
      const who = await makeUser(t.database.db, t.config, role);
      expect((await api.as(who).put('shop/business', details)).statusCode).toBe(403);
    }
    expect((await api.put('shop/business', details)).statusCode).toBe(401);
    expect((await api.get('shop-info')).json().data.business.bin).toBe('');
  });
});

describe('the policy pages', () => {
  const t = useTestApp();
  const api = t.api();
  const page = { title_en: 'Return & Refund Policy', title_bn: 'রিটার্ন ও রিফান্ড নীতি', body_en: '# Returns\nWithin 3 days.\n- Unused only', body_bn: '# রিটার্ন\n৩ দিনের মধ্যে।' };

  it('answer the default texts (version 0) in both languages, built from the guidelines’ deadlines', async () => {
    const res = await api.get('shop/pages');
    expect(res.statusCode).toBe(200);
    const pages = res.json().data as { slug: string; version: number; title_en: string; body_en: string; body_bn: string }[];
    expect(pages.map((p) => [p.slug, p.version, p.title_en])).toEqual([
      ['terms', 0, 'Terms and Conditions'],
      ['returns', 0, 'Return & Refund Policy'],
      ['delivery', 0, 'Delivery Policy'],
      ['privacy', 0, 'Privacy Policy'],
    ]);
    const returns = pages.find((p) => p.slug === 'returns')!;
    expect(returns.body_en).toContain('within 7 days of delivery');
    expect(returns.body_en).toContain('within 72 hours');
    expect(returns.body_en).toContain('within 10 days');
    expect(returns.body_bn).toContain('৭ দিনের মধ্যে');
    const delivery = pages.find((p) => p.slug === 'delivery')!;
    expect(delivery.body_en).toContain('Inside Dhaka: within 5 days');
    expect(delivery.body_en).toContain('within 10 days');
    expect((await api.get('shop/pages/privacy')).json().data).toMatchObject({ ...defaultPolicy('privacy'), version: 0, updatedAt: null });
  });

  it('follow the owner’s delivery days and return window, as shop-info’s terms do (what product pages show)', async () => {
    const owner = api.as(await makeUser(t.database.db, t.config, 'ADMIN'));
    expect((await api.get('shop-info')).json().data.terms).toMatchObject({ deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10, returnWindowDays: 7, complaintHours: 72 });
    expect((await owner.put('deadline-settings', { handoverHours: 24, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 6 })).statusCode).toBe(200);
    expect((await owner.put('return-window', { days: 14 })).statusCode).toBe(200);
    expect((await api.get('shop-info')).json().data.terms).toMatchObject({ deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 6, returnWindowDays: 14, complaintHours: 72 });
    const pages = (await api.get('shop/pages')).json().data as { slug: string; body_en: string; body_bn: string }[];
    const returns = pages.find((p) => p.slug === 'returns')!;
    expect(returns.body_en).toContain('within 14 days of delivery');
    expect(returns.body_bn).toContain('১৪ দিনের মধ্যে');
    expect(pages.find((p) => p.slug === 'delivery')!.body_en).toContain('Inside Dhaka: within 3 days');
  });

  it('are edited by the owner: each change adds a version, an unchanged save does not', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const first = await api.as(owner).put('shop/pages/returns', page);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Page saved.', data: { slug: 'returns', ...page, version: 1 } });
    expect((await api.as(owner).put('shop/pages/returns', page)).json().data.version).toBe(1);
    expect((await api.as(owner).put('shop/pages/returns', { ...page, body_en: 'Within 5 days.' })).json().data).toMatchObject({ version: 2, body_en: 'Within 5 days.' });
    expect((await api.get('shop/pages/returns')).json().data).toMatchObject({ version: 2, body_bn: page.body_bn });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'shop_pages:returns'));
    expect(entries).toHaveLength(2);
  });

  it('refuse a shopper, a catalogue clerk and a stranger, an unknown page, and an empty or too long text, changing nothing', async () => {
    for (const role of ['USER', 'CATALOGUE', 'ORDERS'] as const) {
      const who = await makeUser(t.database.db, t.config, role);
      expect((await api.as(who).put('shop/pages/terms', page)).statusCode).toBe(403);
    }
    expect((await api.put('shop/pages/terms', page)).statusCode).toBe(401);
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await api.as(owner).put('shop/pages/cookies', page)).json()).toMatchObject({ code: 'VALIDATION', message: 'No such page.' });
    expect((await api.get('shop/pages/cookies')).statusCode).toBe(400);
    expect((await api.as(owner).put('shop/pages/terms', { ...page, body_bn: '  ' })).json().message).toBe('Enter the Bangla text.');
    expect((await api.as(owner).put('shop/pages/terms', { ...page, body_en: 'x'.repeat(8001) })).json().message).toBe('The English text is too long (at most 8000 characters).');
    expect(await t.database.db.select().from(shopPages)).toEqual([]);
  });
});

describe('consent at checkout', () => {
  const t = useTestApp();
  const order = (payload: object) => t.api().post('order', payload);

  it('refuses an order whose box was left unticked with 400 CONSENT_REQUIRED, taking no stock', async () => {
    const shirt = await makeProduct(t.database.db, { name: 'Cotton T-Shirt', price: 500, stock: 3 });
    const res = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: shirt.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest, consent: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CONSENT_REQUIRED', message: 'Please agree to the terms and the use of your data to place the order.', data: null });
    expect(await t.database.db.select().from(orders)).toEqual([]);
  });

  it('stores the time and the terms’ and privacy page’s versions with a ticked order, and answers them', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    await t.api().as(owner).put('shop/pages/terms', { title_en: 'Terms', title_bn: 'শর্তাবলি', body_en: 'New terms.', body_bn: 'নতুন শর্ত।' });
    const shirt = await makeProduct(t.database.db, { name: 'Cotton T-Shirt', price: 500, stock: 3 });
    const before = Date.now();
    const res = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: shirt.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest, consent: true });
    expect(res.statusCode).toBe(201);
    const consent = res.json().data.consent;
    expect(consent).toMatchObject({ terms_version: 1, privacy_version: 0 });
    expect(Date.parse(consent.at)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().data._id));
    expect(row).toMatchObject({ consentTermsVersion: 1, consentPrivacyVersion: 0 });
    expect(row!.consentAt).toBeInstanceOf(Date);
  });

  it('places the specification’s payload (no consent field) as before, with no consent recorded', async () => {
    const shirt = await makeProduct(t.database.db, { name: 'Cotton T-Shirt', price: 500, stock: 3 });
    const res = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: shirt.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest, totalAmt: 550, subTotalAmt: 500 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.consent).toBeNull();
    expect((await t.database.db.select().from(orders))[0]!.consentAt).toBeNull();
  });
});

describe('complaints', () => {
  const t = useTestApp();
  const complaint = { name: 'Rahim Uddin', mobile: '+880 1712-345678', order_id: 'HT-20261129-ABCDEF', text: 'The parcel came a week late.' };

  it('are filed by anyone and due 72 hours later', async () => {
    const now = Date.now();
    const res = await t.api().post('complaint', complaint);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Complaint received. We will act on it within 72 hours.');
    const [row] = await t.database.db.select().from(complaints);
    expect(row).toMatchObject({ name: 'Rahim Uddin', mobile: '01712345678', orderRef: 'HT-20261129-ABCDEF', body: 'The parcel came a week late.', actedAt: null });
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBe(72 * 3_600_000);
    expect(Math.abs(row!.createdAt.getTime() - now)).toBeLessThan(60_000);
    expect(res.json().data).toEqual({ _id: row!.id, dueAt: row!.dueAt.toISOString() });
  });

  it('tell each Owner by SMS and mail, queued with the complaint and sent by the app’s job runner; the staff and shoppers are not told (decision 0081)', async () => {
    const db = t.database.db;
    const boss = await makeUser(db, t.config, 'ADMIN');
    await db.update(users).set({ mobile: '01811111111' }).where(eq(users.id, boss.id));
    const manager = await makeUser(db, t.config, 'MANAGER');
    await db.update(users).set({ mobile: '01822222222' }).where(eq(users.id, manager.id));
    const outbox = () => {
      const dir = path.join(t.config.DATA_DIR, 'outbox');
      return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sms.json')).map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string }).filter((m) => m.text.includes('নতুন অভিযোগ')) : [];
    };
    const before = outbox().length;
    const res = await t.api().post('complaint', complaint);
    expect(res.statusCode).toBe(201);
    const [row] = await db.select().from(complaints);
    const notices = async () => (await jobRows(t.database, t.config.JOBS_QUEUE)).filter((j) => ['deadlines.notice-sms', 'deadlines.notice-mail'].includes(j.name));
    const queued = await notices();
    const due = formatDhaka(row!.dueAt.toISOString(), 'bn');
    expect(queued.map((j) => [j.name, (j.data as { to: string }).to]).sort()).toEqual([
      ['deadlines.notice-mail', boss.email],
      ['deadlines.notice-sms', '01811111111'],
    ]);
    const mail = queued.find((j) => j.name === 'deadlines.notice-mail')!.data as { subject: string; text: string; html: string };
    expect(mail.subject).toBe('Haat: a complaint from Rahim Uddin / Rahim Uddin-এর অভিযোগ');
    expect(mail.text).toContain(`A complaint was filed by Rahim Uddin (01712345678), order HT-20261129-ABCDEF. Act on it by ${formatDhaka(row!.dueAt.toISOString(), 'en')} (Dhaka time).\nThe parcel came a week late.`);
    expect(mail.text).toContain(`Rahim Uddin (০১৭১২৩৪৫৬৭৮), অর্ডার HT-20261129-ABCDEF একটি অভিযোগ করেছেন। ${due}-এর মধ্যে ব্যবস্থা নিন (ঢাকার সময়)।`);
    await vi.waitFor(async () => expect((await notices()).filter((j) => j.state !== 'completed')).toEqual([]), { timeout: 10_000, interval: 50 });
    expect(outbox().slice(before)).toEqual([{ to: '8801811111111', text: `Haat: নতুন অভিযোগ, Rahim Uddin 01712345678; ${due}-এর মধ্যে ব্যবস্থা নিন` }]);
  });

  it('refuse a form without a name, a valid mobile or a text, storing nothing', async () => {
    for (const [bad, message] of [
      [{ name: ' ' }, 'Enter your name.'],
      [{ mobile: '12345' }, 'Valid mobile number required'],
      [{ text: '' }, 'Tell us what happened.'],
      [{ text: 'x'.repeat(2001) }, 'The complaint is too long (at most 2000 characters).'],
    ] as const) {
      const res = await t.api().post('complaint', { ...complaint, ...bad });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
    expect(await t.database.db.select().from(complaints)).toEqual([]);
    expect((await jobRows(t.database, t.config.JOBS_QUEUE)).filter((j) => j.name === 'deadlines.notice-sms')).toEqual([]);
  });

  it('are listed for staff with orders.view, open ones most overdue first, the overdue marked; orders.manage marks one acted on', async () => {
    const db = t.database.db;
    const hour = 3_600_000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
    await db.insert(complaints).values([
      { id: 'c-late', name: 'Late', mobile: '01711111111', body: 'Old', createdAt: at(80), dueAt: new Date(at(80).getTime() + 72 * hour) },
      { id: 'c-fresh', name: 'Fresh', mobile: '01722222222', body: 'New', createdAt: at(1), dueAt: new Date(at(1).getTime() + 72 * hour) },
      { id: 'c-done', name: 'Done', mobile: '01733333333', body: 'Handled', createdAt: at(100), dueAt: new Date(at(100).getTime() + 72 * hour), actedAt: at(90), actedBy: 'owner@haat.test' },
    ]);
    const packer = await makeUser(db, t.config, 'PACKER');
    const list = await t.api().as(packer).get('complaint');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalCount: 2, openCount: 2, overdueCount: 1 });
    expect(list.json().data.map((c: { _id: string; overdue: boolean }) => [c._id, c.overdue])).toEqual([
      ['c-late', true],
      ['c-fresh', false],
    ]);
    expect((await t.api().as(packer).get('complaint?show=all')).json().data.map((c: { _id: string }) => c._id)).toEqual(['c-fresh', 'c-late', 'c-done']);
    // A packer may read, not act; a shopper may do neither.
    expect((await t.api().as(packer).patch('complaint/c-late/acted', { note: 'Called' })).statusCode).toBe(403);
    const shopper = await makeUser(db, t.config);
    expect((await t.api().as(shopper).get('complaint')).statusCode).toBe(403);

    const clerk = await makeUser(db, t.config, 'ORDERS');
    const acted = await t.api().as(clerk).patch('complaint/c-late/acted', { note: 'Refunded the delivery fee' });
    expect(acted.statusCode).toBe(200);
    expect(acted.json().data).toMatchObject({ _id: 'c-late', overdue: false, note: 'Refunded the delivery fee', actedBy: clerk.email });
    // A second mark keeps the first.
    expect((await t.api().as(clerk).patch('complaint/c-late/acted', { note: 'Again' })).json().data.note).toBe('Refunded the delivery fee');
    expect((await t.api().as(clerk).patch('complaint/nosuch/acted', {})).json()).toMatchObject({ code: 'COMPLAINT_NOT_FOUND' });
    expect((await t.api().as(packer).get('complaint')).json()).toMatchObject({ totalCount: 1, openCount: 1, overdueCount: 0 });
  });
});

describe('complaints, rate limited', () => {
  const t = useTestApp({ RATE_LIMITS: 'on' });

  it('take 10 an hour from one address, then 429 with Retry-After', async () => {
    const api = t.api();
    for (let i = 0; i < 10; i++) expect((await api.post('complaint', { name: 'A', mobile: '01712345678', text: `Complaint ${i}` })).statusCode).toBe(201);
    const res = await api.post('complaint', { name: 'A', mobile: '01712345678', text: 'One more' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await t.database.db.select().from(complaints)).toHaveLength(10);
  });
});
