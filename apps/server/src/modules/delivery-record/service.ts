import { and, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deliveryRecord, UNKNOWN_DELIVERY_RECORD, type DeliveryRecord } from '@haat/shared/delivery-record';
import { normalizePhone } from '@haat/shared/phone';
import type { OrderView } from '@haat/shared/schemas/order';
import type { Db } from '../../db/client';
import { deliveryRecordCache, orders } from '../../db/schema';
import type { FraudCheck } from '../../integrations/fraud-check';
import type { DeliveryRecords } from '../../ports';

/** The longest the admin waits for the courier's answer before seeing "unknown" (issue 12). */
export const DELIVERY_CHECK_TIMEOUT_MS = 3000;
/** A courier's answer is kept this long per phone. */
export const DELIVERY_CHECK_TTL_MS = 24 * 60 * 60 * 1000;
/** A failed lookup is not retried for this long, so a provider that is down costs 3 s once, not on every page. */
export const DELIVERY_CHECK_RETRY_MS = 5 * 60 * 1000;
/** Lookups in flight at once for one page of orders (a page has at most ORDER_PAGE_SIZE phones). */
const CONCURRENCY = 4;

/** The buyer's phone: the delivery address's (where the parcel goes), else the order's. */
const buyerPhoneSql = sql<string>`coalesce(${orders.deliveryAddress} ->> 'mobile', ${orders.guestDeliveryAddress} ->> 'mobile')`;

function buyerPhone(order: OrderView): string {
  const raw = order.delivery_address?.mobile ?? order.guest_user_delivery_address?.mobile ?? order.mobile;
  // Stored numbers are 11 ASCII digits; a valid one already is its normal form.
  return normalizePhone(raw) ?? raw;
}

/** Delivered (or received) vs returned or cancelled orders per phone, from the shop's own orders. */
async function ownHistory(db: Db, phones: string[]): Promise<Map<string, DeliveryRecord>> {
  const rows = await db
    .select({
      phone: buyerPhoneSql,
      delivered: sql<number>`count(*) filter (where ${orders.status} in ('Delivered', 'Received'))`.mapWith(Number),
      returned: sql<number>`count(*) filter (where ${orders.status} in ('Cancel', 'Return'))`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(buyerPhoneSql, phones))
    .groupBy(buyerPhoneSql);
  const byPhone = new Map(rows.map((r) => [r.phone, deliveryRecord(r.delivered, r.returned, 'own')]));
  return new Map(phones.map((p) => [p, byPhone.get(p) ?? deliveryRecord(0, 0, 'own')]));
}

export interface DeliveryRecordOptions {
  db: Db;
  /** Set: COD orders are checked against Steadfast's fraud_check; null: own history only. */
  steadfast: FraudCheck | null;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  now?: () => number;
}

/** Keeps a courier's answer for every process until `expiresAt`; a failure to keep it only costs the next request a question. */
async function cacheRecord(db: Db, log: FastifyBaseLogger, phone: string, record: DeliveryRecord, expiresAt: Date): Promise<void> {
  const row = { phone, source: record.source, delivered: record.delivered, returned: record.returned, expiresAt };
  try {
    await db
      .insert(deliveryRecordCache)
      .values(row)
      .onConflictDoUpdate({ target: deliveryRecordCache.phone, set: { source: row.source, delivered: row.delivered, returned: row.returned, expiresAt: row.expiresAt } });
  } catch (err) {
    // The answer is still good for this request; the next one asks again.
    log.warn({ err }, 'delivery record: could not cache the courier answer');
  }
}

/** The courier's answers still fresh at `at`, by phone. */
async function cachedRecords(db: Db, phones: string[], at: Date): Promise<Map<string, DeliveryRecord>> {
  const result = new Map<string, DeliveryRecord>();
  const cached = await db
    .select()
    .from(deliveryRecordCache)
    .where(and(inArray(deliveryRecordCache.phone, phones), gt(deliveryRecordCache.expiresAt, at)));
  for (const c of cached) {
    result.set(
      c.phone,
      c.source === 'steadfast' && c.delivered !== null && c.returned !== null ? deliveryRecord(c.delivered, c.returned, 'steadfast') : UNKNOWN_DELIVERY_RECORD,
    );
  }
  return result;
}

/** Asks for the phones CONCURRENCY at a time; once the deadline has passed, the rest read unknown unasked. */
async function askInTurns(missing: string[], deadline: AbortSignal, result: Map<string, DeliveryRecord>, ask: (phone: string) => Promise<DeliveryRecord>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const phone = missing[next++]!;
      if (deadline.aborted) {
        result.set(phone, UNKNOWN_DELIVERY_RECORD);
        continue;
      }
      result.set(phone, await ask(phone));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, missing.length) }, worker));
}

/**
 * The COD risk check (decision 0031). Own history is read live (an indexed
 * count). Steadfast's counts are asked only for COD orders, cached per phone
 * in the database for every process, fetched a few at a time under one 3 s
 * deadline per answer, and anything slow or failing reads "unknown".
 */
export function createDeliveryRecords(opts: DeliveryRecordOptions): DeliveryRecords {
  const { db, steadfast, log } = opts;
  const timeoutMs = opts.timeoutMs ?? DELIVERY_CHECK_TIMEOUT_MS;
  const now = opts.now ?? Date.now;
  /** One lookup per phone at a time in this process. */
  const inFlight = new Map<string, Promise<DeliveryRecord>>();

  const remember = (phone: string, record: DeliveryRecord, ttlMs: number) => cacheRecord(db, log, phone, record, new Date(now() + ttlMs));

  async function lookUp(client: FraudCheck, phone: string, deadline: AbortSignal): Promise<DeliveryRecord> {
    try {
      const counts = await client.fraudCheck(phone, { timeoutMs, signal: deadline });
      const record = deliveryRecord(counts.total_delivered, counts.total_cancelled, 'steadfast');
      await remember(phone, record, DELIVERY_CHECK_TTL_MS);
      return record;
    } catch (err) {
      const e = err instanceof Error && 'kind' in err ? (err as Error & { kind: unknown; status?: unknown }) : null;
      // No phone in the log line: it is personal data.
      log.warn({ kind: e?.kind ?? 'error', status: e?.status }, 'delivery record: Steadfast fraud_check failed, showing unknown');
      await remember(phone, UNKNOWN_DELIVERY_RECORD, DELIVERY_CHECK_RETRY_MS);
      return UNKNOWN_DELIVERY_RECORD;
    }
  }

  async function courierRecords(client: FraudCheck, phones: string[]): Promise<Map<string, DeliveryRecord>> {
    if (phones.length === 0) return new Map<string, DeliveryRecord>();
    const result = await cachedRecords(db, phones, new Date(now()));
    const missing = phones.filter((p) => !result.has(p));
    // One deadline for the whole page: the admin waits at most timeoutMs, however many phones miss.
    const deadline = AbortSignal.timeout(timeoutMs);
    await askInTurns(missing, deadline, result, (phone) => {
      let pending = inFlight.get(phone);
      if (!pending) {
        pending = lookUp(client, phone, deadline).finally(() => inFlight.delete(phone));
        inFlight.set(phone, pending);
      }
      return pending;
    });
    return result;
  }

  return {
    async forCodPhone(phone) {
      if (steadfast && normalizePhone(phone) === phone) {
        const record = (await courierRecords(steadfast, [phone])).get(phone);
        if (record && record.source !== 'unknown') return record;
      }
      return (await ownHistory(db, [phone])).get(phone)!;
    },
    async attach(list) {
      if (list.length === 0) return list;
      const phoneOf = new Map(list.map((o) => [o._id, buyerPhone(o)]));
      const allPhones = [...new Set(phoneOf.values())];
      // The courier is asked only for cash-on-delivery buyers with a valid number: the parcels at risk.
      const codPhones = steadfast
        ? [...new Set(list.filter((o) => o.payment_status === 'CASH-ON-DELIVERY').map((o) => phoneOf.get(o._id)!))].filter((p) => normalizePhone(p) === p)
        : [];
      const [own, courier] = await Promise.all([ownHistory(db, allPhones), steadfast ? courierRecords(steadfast, codPhones) : new Map<string, DeliveryRecord>()]);
      return list.map((o) => {
        const phone = phoneOf.get(o._id)!;
        const record = (o.payment_status === 'CASH-ON-DELIVERY' && courier.get(phone)) || own.get(phone)!;
        return { ...o, delivery_record: record };
      });
    },
  };
}
