import { amountDueOnDelivery } from '@haat/shared/pricing';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { COURIER_LABELS, TRACK_STEPS, type BookingResult, type CourierProvider, type CourierSuggestion, type CourierStage, type TrackQuery, type TrackView } from '@haat/shared/schemas/courier';
import { normalizePhone } from '@haat/shared/phone';
import { districtOf } from '@haat/shared/districts';
import type { Db, Tx } from '../../db/client';
import { courierEvents, shipments } from '../../db/schema';
import { AppError, appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import { definePeriodicJob, PermanentJobError, type Jobs } from '../../lib/jobs';
import { transitionOrder } from '../order-status/index';
import type { CourierNotice, CourierOrder, CourierOrders, OrderNews, ParcelStage } from '../../ports';
import { bookingJob, bookingJobKey, courierViews, queuedBooking, timelineEntry } from './queries';
import { chooseCourier, readRules, suggestionFor } from './choice';
import { eventWord, FINAL_STAGES, pathaoStage, redxStage, stageRank, steadfastStage } from './stages';
import { courierRefusal, courierUnavailable, mayBookAgain, ProviderError, type Booked, type Courier, type Couriers, type Parcel } from './types';

/**
 * What happened to an order's parcel (ports.ts), told inside the change's transaction, so what the others do
 * (the shopper's SMS job, a return record: decision 0075) commits, or rolls back, with it (decision 0073). The
 * app publishes it as the event `parcel.<stage>` (decision 0107); a test may listen itself.
 */
export type { CourierNotice };
export type OnCourierEvent = (notice: CourierNotice, tx: Tx) => unknown;

export interface CourierDeps {
  db: Db;
  /** The orders it books and tracks, from the orders module (decision 0054): courier reads no orders table. */
  orders: CourierOrders;
  couriers: Couriers;
  onCourierEvent: OnCourierEvent;
  /** The app's events, given to the order's move: a parcel delivered is told as `order.delivered` (decision 0126). */
  news: OrderNews;
  /** Bookings the courier could not take yet are retried as durable jobs (decision 0080). */
  jobs: Jobs;
}

type OrderRow = CourierOrder;

/** Orders in these states may be booked: not yet delivered, cancelled or returned. */
const BOOKABLE = ['Pending', 'Received'];

const STAGE_OF: Record<CourierProvider, (status: string) => CourierStage> = { steadfast: steadfastStage, pathao: pathaoStage, redx: redxStage, sandbox: steadfastStage };

export function stageFor(provider: CourierProvider, status: string): CourierStage {
  return STAGE_OF[provider](status);
}

function courierFor(couriers: Couriers, provider: CourierProvider): Courier {
  const courier = couriers[provider];
  if (!courier) throw appError('COURIER_NOT_SET_UP', { courier: COURIER_LABELS[provider] });
  return courier;
}

/** The parcel of an order: COD collects what is due on delivery, a paid order nothing. */
async function parcelOf(orders: CourierOrders, tx: Tx, order: OrderRow, place: Parcel['place']): Promise<Parcel> {
  const { address } = order;
  if (!address) throw appError('ORDER_NO_ADDRESS');
  const { items, buyerName } = await orders.parcelFacts(tx, order);
  const description = items.map((i) => `${i.quantity} × ${i.name}`).join(', ');
  return {
    invoice: order.orderId,
    recipientName: (address.name || buyerName || 'Haat customer').slice(0, 100),
    recipientPhone: normalizePhone(address.mobile) ?? address.mobile,
    recipientAddress: `${address.address_line}, ${address.city}`.slice(0, 250),
    city: address.city,
    // THE amount due on delivery (decision 0114), for every courier: the total less a paid advance; a prepaid order 0.
    codAmount: amountDueOnDelivery({ method: order.paymentStatus, total: order.totalAmount, advanceAmount: order.advanceAmount, paymentState: order.paymentState, paidAmount: order.paidAmount }),
    note: order.note.slice(0, 250),
    itemDescription: description.slice(0, 250),
    itemQuantity: items.reduce((n, i) => n + i.quantity, 0),
    place,
  };
}

/** Locks the order for the booking; answers why it cannot be booked, or the row. */
async function lockForBooking(orders: CourierOrders, tx: Tx, id: string): Promise<OrderRow> {
  const missing = appError('ORDER_NOT_FOUND');
  if (!isId(id)) throw missing;
  const order = await orders.lockForBooking(tx, id);
  if (!order) throw missing;
  const [booked] = await tx.select().from(shipments).where(eq(shipments.orderId, id));
  if (booked) throw appError('COURIER_ALREADY_BOOKED', { courier: COURIER_LABELS[booked.provider], consignment: booked.consignmentId });
  if (!BOOKABLE.includes(order.status)) throw appError('COURIER_NOT_BOOKABLE', { status: order.status });
  // A COD order with a partial advance is confirmed only once bKash confirmed the advance (decision 0114).
  if (order.advanceAmount && order.paymentState !== 'paid') throw appError('COURIER_ADVANCE_UNPAID');
  // A payment SSLCommerz flagged as risky holds the order for the owner's review (decision 0120): nothing ships before.
  if (order.paymentHold) throw appError('COURIER_PAYMENT_HELD');
  return order;
}

/**
 * The courier kind's one mapping of a provider's failure to the shop's error
 * codes: a refusal is COURIER_REFUSED with the courier's words; anything else
 * (unreachable, slow, throttling, failing, nonsense) is COURIER_UNAVAILABLE.
 */
function courierError(provider: CourierProvider, err: unknown): unknown {
  if (!(err instanceof ProviderError)) return err;
  if (err.kind === 'refused') return appError('COURIER_REFUSED', { courier: COURIER_LABELS[provider], detail: err.message });
  return appError('COURIER_UNAVAILABLE', { detail: err.message.endsWith('.') ? err.message : `${err.message}.` });
}

async function recordBooking(tx: Tx, order: OrderRow, provider: CourierProvider, booked: Booked, stage: CourierStage) {
  await tx.insert(shipments).values({
    orderId: order.id,
    provider,
    consignmentId: booked.consignmentId,
    trackingCode: booked.trackingCode,
    status: booked.status,
    stage,
    district: order.address ? districtOf(order.address) : null,
  });
  await tx.insert(courierEvents).values({
    id: newId(),
    orderId: order.id,
    provider,
    status: booked.status,
    stage: 'booked',
    message: `Booked with ${COURIER_LABELS[provider]}: tracking code ${booked.trackingCode}.`,
    event: eventWord(provider, booked.status, ''),
    at: new Date(),
  });
}

async function notifyBooked(deps: CourierDeps, tx: Tx, order: OrderRow, provider: CourierProvider, booked: Booked) {
  await deps.onCourierEvent({ orderId: order.id, orderCode: order.orderId, mobile: order.mobile, provider, stage: 'booked', trackingCode: booked.trackingCode }, tx);
}

/** Where a booking goes: the courier, and Pathao's city, zone and area when chosen. */
type BookingInput = { provider: CourierProvider; city_id?: number; zone_id?: number; area_id?: number };

/** Booked now, or queued to be tried again by the job queue (decision 0080). */
export type BookingOutcome = 'booked' | 'queued';

/**
 * POST /order/{id}/courier. The order row stays locked while the courier is
 * asked, so a second booking of it waits and is then refused; a courier's
 * refusal rolls everything back. A failure after which the booking may safely
 * be sent again (mayBookAgain) queues it as a job in the same transaction
 * instead: 'queued'.
 */
export async function bookOrder(deps: CourierDeps, id: string, input: BookingInput): Promise<BookingOutcome> {
  const courier = courierFor(deps.couriers, input.provider);
  const place = input.city_id && input.zone_id ? { cityId: input.city_id, zoneId: input.zone_id, areaId: input.area_id } : undefined;
  return deps.db.transaction(async (tx) => {
    const order = await lockForBooking(deps.orders, tx, id);
    const queued = await queuedBooking(tx, deps.jobs, order.id);
    if (queued) throw appError('COURIER_BOOKING_QUEUED', { courier: COURIER_LABELS[queued.provider] });
    const parcel = await parcelOf(deps.orders, tx, order, place);
    let booked: Booked;
    try {
      booked = await courier.book(parcel);
    } catch (err) {
      if (err instanceof ProviderError && mayBookAgain(courier, err)) {
        await queueBooking(deps, tx, order.id, input, err);
        return 'queued';
      }
      throw courierError(input.provider, err);
    }
    await recordBooking(tx, order, input.provider, booked, courier.stageOf(booked.status));
    await notifyBooked(deps, tx, order, input.provider, booked);
    return 'booked';
  });
}

/**
 * Queues the booking in tx; its first try comes after the queue's first back-off, and never within the second: a
 * courier that just refused us for now is not asked again at once, and the 202 answer shows the booking queued.
 */
async function queueBooking(deps: CourierDeps, tx: Tx, orderId: string, input: BookingInput, err: ProviderError): Promise<void> {
  const delayMs = Math.max(1, deps.jobs.settings.retryDelaySeconds) * 1000;
  await bookingJob.enqueue(deps.jobs, tx, { ...input, orderId, firstError: courierUnavailable(err).message }, { singletonKey: bookingJobKey(orderId), delayMs });
}

/**
 * The queued booking's handler (decision 0080): books as the request would
 * have, with the shipment, its timeline entry and the shopper's SMS in one
 * transaction. A failure that may be sent again is thrown for the queue's
 * back-off; anything else fails the job at once, for the owner to see on the
 * order's card and among failed jobs. An order booked, cancelled or returned
 * meanwhile is left alone: nobody needs that booking any more.
 */
export function handleBookingJobs(deps: CourierDeps): void {
  deps.jobs.handle(bookingJob, bookQueued(deps));
}

function bookQueued(deps: CourierDeps) {
  return async ({ orderId, provider, city_id, zone_id, area_id }: z.infer<typeof bookingJob.schema>): Promise<void> => {
    const courier = deps.couriers[provider];
    const label = COURIER_LABELS[provider];
    if (!courier) throw new PermanentJobError(`${label} is no longer set up on this shop.`);
    await deps.db.transaction(async (tx) => {
      let order: OrderRow;
      try {
        order = await lockForBooking(deps.orders, tx, orderId);
      } catch (err) {
        if (err instanceof AppError && (err.code === 'COURIER_ALREADY_BOOKED' || err.code === 'COURIER_NOT_BOOKABLE')) return;
        throw err instanceof AppError ? new PermanentJobError(err.message) : err;
      }
      const parcel = await parcelOf(deps.orders, tx, order, city_id && zone_id ? { cityId: city_id, zoneId: zone_id, areaId: area_id } : undefined).catch((err: unknown) => {
        throw err instanceof AppError ? new PermanentJobError(err.message) : err;
      });
      let booked: Booked;
      try {
        booked = await courier.book(parcel);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        if (mayBookAgain(courier, err)) throw courierUnavailable(err);
        // An earlier try that timed out may be the parcel this refusal is about (Steadfast's "invoice has already been taken").
        // The request's own try, or an earlier job's, may have timed out after the courier booked it.
        const earlier = courier.uniqueInvoice ? ` An earlier try that got no answer may have booked it: check ${label}'s panel.` : '';
        if (err.kind === 'refused') throw new PermanentJobError(`${label} refused the booking: ${err.message}${earlier}`);
        throw new PermanentJobError(`${courierUnavailable(err).message} It may have been booked: check ${label}'s panel before booking again.`);
      }
      await recordBooking(tx, order, provider, booked, courier.stageOf(booked.status));
      await notifyBooked(deps, tx, order, provider, booked);
    });
  };
}

/** Pathao's city and zone for an address: its city by name, and a zone whose name the address line contains. */
export async function suggestPlace(courier: Courier, city: string, addressLine = ''): Promise<{ cityId?: number; zoneId?: number }> {
  if (!courier.places) return {};
  const wanted = city.trim().toLowerCase();
  const found = (await courier.places.cities()).find((c) => c.name.toLowerCase() === wanted || (wanted === 'chittagong' && c.name.toLowerCase() === 'chattogram'));
  if (!found) return {};
  const line = addressLine.toLowerCase();
  const zone = (await courier.places.zones(found.id)).find((z) => z.name && line.includes(z.name.toLowerCase()));
  return { cityId: found.id, zoneId: zone?.id };
}

/**
 * GET /order/{id}/courier: the Pathao city and zone to preselect in the booking dialog (nulls when unsure or
 * Pathao is off), and the courier the owner's rules suggest with every courier's price and delivered share.
 */
export async function suggestPlaceForOrder(deps: CourierDeps, id: string): Promise<CourierSuggestion> {
  const order = isId(id) ? await deps.orders.find(id) : null;
  if (!order) throw appError('ORDER_NOT_FOUND');
  const { address } = order;
  const pathao = deps.couriers.pathao;
  // Pathao being unreachable only means no suggestion: the admin picks by hand.
  const found = pathao && address ? await suggestPlace(pathao, address.city, address.address_line).catch(() => ({}) as Awaited<ReturnType<typeof suggestPlace>>) : {};
  const parcel = address ? await deps.db.transaction((tx) => parcelOf(deps.orders, tx, order, undefined)) : null;
  const quote = async (provider: CourierProvider) => {
    const courier = deps.couriers[provider];
    if (!parcel || !courier?.quote) return null;
    // A price is a nicety: a courier slower than this is shown without one.
    return Promise.race([courier.quote(parcel), new Promise<null>((r) => setTimeout(() => r(null), QUOTE_WAIT_MS).unref())]);
  };
  return { city_id: found.cityId ?? null, zone_id: found.zoneId ?? null, ...(await suggestionFor(deps.db, deps.couriers, address, quote)) };
}

/** How long the card waits for a courier's price. */
const QUOTE_WAIT_MS = 3000;

/**
 * POST /courier/book: one result per order, in the order asked. Steadfast
 * books them in one bulk call; Pathao one by one, each at the city and zone
 * suggested from its address. One order's refusal does not stop the others.
 */
export async function bookOrders(deps: CourierDeps, ids: string[], provider: CourierProvider | 'suggested'): Promise<BookingResult[]> {
  const unique = [...new Set(ids)];
  const results = new Map<string, BookingResult>();
  const fail: Fail = (orderId, err) => {
    if (!(err instanceof AppError)) throw err;
    results.set(orderId, { orderId, ok: false, message: err.message, code: err.code, params: err.params, courier: null });
  };
  if (provider !== 'suggested') courierFor(deps.couriers, provider);
  const groups = provider === 'suggested' ? await bySuggestion(deps, unique, fail) : new Map([[provider, unique]]);
  for (const [chosen, group] of groups) {
    const courier = courierFor(deps.couriers, chosen);
    if (courier.bookMany) await bookInBulk(deps, courier, chosen, group, fail);
    else await bookOneByOne(deps, courier, chosen, group, fail);
  }

  const views = await courierViews(deps.db, unique);
  return ids.map((orderId) => {
    const view = views.get(orderId);
    const failed = results.get(orderId);
    if (failed) return failed;
    return { orderId, ok: true, message: `Booked: tracking code ${view!.tracking_code}.`, code: 'BOOKED', params: { tracking: view!.tracking_code }, courier: view! };
  });
}

/**
 * A bulk booking by suggestion (decision 0122): the orders grouped by the courier the owner's rules give each
 * address; an order without one, or whose courier is not set up here, fails alone.
 */
async function bySuggestion(deps: CourierDeps, ids: string[], fail: Fail): Promise<Map<CourierProvider, string[]>> {
  const rules = await readRules(deps.db);
  const groups = new Map<CourierProvider, string[]>();
  for (const id of ids) {
    const order = isId(id) ? await deps.orders.find(id) : null;
    if (!order) {
      fail(id, appError('ORDER_NOT_FOUND'));
      continue;
    }
    const choice = order.address ? chooseCourier(rules, order.address) : null;
    if (!choice) fail(id, appError(order.address ? 'COURIER_NO_SUGGESTION' : 'ORDER_NO_ADDRESS'));
    else if (!deps.couriers[choice.provider]) fail(id, appError('COURIER_NOT_SET_UP', { courier: COURIER_LABELS[choice.provider] }));
    else groups.set(choice.provider, [...(groups.get(choice.provider) ?? []), id]);
  }
  return groups;
}

/** Records one order's refusal (an AppError) as its result; anything else is thrown on. */
type Fail = (orderId: string, err: unknown) => void;

/** Steadfast: the orders that may be booked, in one bulk call, in one transaction. */
async function bookInBulk(deps: CourierDeps, courier: Courier, provider: CourierProvider, unique: string[], fail: Fail): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ready = await readyForBulk(deps, tx, unique, fail);
    if (ready.length === 0) return;
    let answers: (Booked | ProviderError)[];
    try {
      answers = await courier.bookMany!(ready.map((r) => r.parcel));
    } catch (err) {
      if (!(err instanceof ProviderError && mayBookAgain(courier, err))) throw courierError(provider, err);
      // The whole call failed where it may be sent again: each order is queued on its own.
      for (const { order } of ready) {
        await queueBooking(deps, tx, order.id, { provider }, err);
        fail(order.id, appError('COURIER_BOOKING_QUEUED', { courier: COURIER_LABELS[provider] }));
      }
      return;
    }
    for (const [i, { order }] of ready.entries()) {
      const answer = answers[i];
      if (!answer || answer instanceof ProviderError) {
        fail(order.id, courierError(provider, answer ?? courierRefusal(COURIER_LABELS[provider], 'no answer for this order')));
        continue;
      }
      await recordBooking(tx, order, provider, answer, courier.stageOf(answer.status));
      await notifyBooked(deps, tx, order, provider, answer);
    }
  });
}

/** The orders of a bulk booking locked, each with its parcel; one that may not be booked fails alone. */
async function readyForBulk(deps: CourierDeps, tx: Tx, unique: string[], fail: Fail): Promise<{ order: OrderRow; parcel: Parcel }[]> {
  const ready: { order: OrderRow; parcel: Parcel }[] = [];
  // Locked in id order, as two bulk bookings of overlapping orders must not deadlock.
  for (const id of [...unique].sort()) {
    try {
      const order = await lockForBooking(deps.orders, tx, id);
      const queued = await queuedBooking(tx, deps.jobs, order.id);
      if (queued) throw appError('COURIER_BOOKING_QUEUED', { courier: COURIER_LABELS[queued.provider] });
      ready.push({ order, parcel: await parcelOf(deps.orders, tx, order, undefined) });
    } catch (err) {
      fail(id, err);
    }
  }
  return ready;
}

/** Pathao: one booking per order, each at the city and zone suggested from its address. */
async function bookOneByOne(deps: CourierDeps, courier: Courier, provider: CourierProvider, unique: string[], fail: Fail): Promise<void> {
  for (const id of unique) {
    try {
      const place = courier.places ? await suggestedPlace(deps, courier, provider, id) : undefined;
      if ((await bookOrder(deps, id, { provider, city_id: place?.cityId, zone_id: place?.zoneId })) === 'queued') fail(id, appError('COURIER_BOOKING_QUEUED', { courier: COURIER_LABELS[provider] }));
    } catch (err) {
      fail(id, err);
    }
  }
}

/** The city and zone suggested from the order's address; an address with no sure zone is refused. */
async function suggestedPlace(deps: CourierDeps, courier: Courier, provider: CourierProvider, id: string): Promise<Parcel['place']> {
  const order = isId(id) ? await deps.orders.find(id) : null;
  const address = order?.address;
  const found = address ? await suggestPlace(courier, address.city, address.address_line) : {};
  if (address && (!found.cityId || !found.zoneId)) throw appError('COURIER_NEEDS_ZONE', { courier: COURIER_LABELS[provider] });
  return found.cityId && found.zoneId ? { cityId: found.cityId, zoneId: found.zoneId } : undefined;
}

export interface CourierUpdate {
  provider: CourierProvider;
  consignmentId: string;
  /** The courier's status word; null for a message that does not change it (Steadfast's tracking_update). */
  status: string | null;
  message: string;
  at: Date;
  /** From the poll: a status the parcel already has is old news, not a new entry. */
  fromPoll?: boolean;
  /** The order number the courier says the parcel is for (RedX's invoice_number): another order's changes nothing. */
  invoice?: string;
}

/** The stages the app is told of besides a booking. */
const TOLD_STAGES: readonly ParcelStage[] = ['delivered', 'partial', 'returned', 'cancelled'];
const isTold = (stage: CourierStage): stage is ParcelStage => (TOLD_STAGES as readonly CourierStage[]).includes(stage);

const ORDER_STATUS_OF: Partial<Record<CourierStage, 'Delivered' | 'Return'>> = { delivered: 'Delivered', returned: 'Return', cancelled: 'Return' };

/**
 * A courier's news of a parcel, from a webhook or the poll, applied once and
 * in order: one timeline entry per event (its word and the courier's time: a
 * replay, or the poll reading what a webhook told, adds nothing), nothing at
 * all for an event older than the last status applied (a late or replayed old
 * webhook must not move the parcel back), then the shipment's latest status and
 * the order's status where the news settles it. Answers false when no such
 * parcel is ours.
 */
export async function applyCourierUpdate(deps: CourierDeps, u: CourierUpdate): Promise<boolean> {
  const result = await deps.db.transaction(async (tx) => {
    const shipment = await parcelOfUpdate(deps, tx, u);
    if (!shipment) return null;
    const unchanged = { changed: false, shipment, stage: shipment.stage as CourierStage };
    const status = u.status ?? shipment.status;
    const stage = u.status === null ? 'note' : stageFor(u.provider, u.status);
    if (isBehind(shipment, u, stage)) return unchanged;
    const event = eventWord(u.provider, u.status, u.message);
    // The poll's answer carries no event of its own (Steadfast's has no time): the word the parcel already has is old news.
    if (u.fromPoll && event === eventWord(u.provider, shipment.status, '')) return unchanged;
    const message = stage === 'partial' ? `${u.message} Partly delivered: the order keeps its status; a return is open for the items that come back.`.trim() : u.message;
    const inserted = await tx
      .insert(courierEvents)
      .values({ id: newId(), orderId: shipment.orderId, provider: u.provider, status: u.status ?? 'tracking_update', stage, message, event, at: u.at })
      .onConflictDoNothing()
      .returning({ id: courierEvents.id });
    if (inserted.length === 0) return unchanged;
    await tx
      .update(shipments)
      .set({
        status,
        // A note keeps the parcel where it was; a status (even one that is a note, like hold) is the new mark to be older than.
        ...(stage !== 'note' && { stage, final: FINAL_STAGES.includes(stage) }),
        ...(u.status !== null && { eventAt: u.at }),
        updatedAt: new Date(),
      })
      .where(eq(shipments.orderId, shipment.orderId));
    // Only a move to a new stage touches the order: Steadfast's delivered_approval_pending then delivered
    // is one delivery (one SMS), and an admin's later status change is not undone by a repeat.
    const moved = stage !== 'note' && stage !== shipment.stage;
    if (moved) await afterMove(deps, tx, shipment, u.provider, stage);
    return { changed: moved, shipment, stage };
  });
  return result !== null;
}

type ShipmentRow = typeof shipments.$inferSelect;

/**
 * The update's shipment, locked; null when no parcel of ours has that consignment, or when the update names
 * another order (RedX's invoice_number): a mismatched callback is not about this parcel.
 */
async function parcelOfUpdate(deps: CourierDeps, tx: Tx, u: CourierUpdate): Promise<ShipmentRow | null> {
  const [shipment] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.provider, u.provider), eq(shipments.consignmentId, u.consignmentId)))
    .for('update');
  if (!shipment || u.invoice === undefined) return shipment ?? null;
  const order = await deps.orders.lockForBooking(tx, shipment.orderId);
  return order !== null && order.orderId === u.invoice.trim() ? shipment : null;
}

/** An event older than the last status applied, or of the same second and an earlier stage: it must not move the parcel back. */
function isBehind(shipment: ShipmentRow, u: CourierUpdate, stage: CourierStage | 'note'): boolean {
  if (!shipment.eventAt) return false;
  const older = u.at < shipment.eventAt;
  const sameSecondButBehind = u.at.getTime() === shipment.eventAt.getTime() && stage !== 'note' && stageRank(stage) < stageRank(shipment.stage as CourierStage);
  return older || sameSecondButBehind;
}

/** A parcel moved to a new stage: the order's status where the stage settles it, and the app told of the stages it hears. */
async function afterMove(deps: CourierDeps, tx: Tx, shipment: ShipmentRow, provider: CourierProvider, stage: CourierStage): Promise<void> {
  const orderStatus = ORDER_STATUS_OF[stage];
  if (orderStatus) await transitionOrder(tx, shipment.orderId, orderStatus, 'courier', {}, { news: deps.news });
  // The move itself tells a delivery (order.delivered, decision 0126); a partial delivery or a return becomes a return record (decision 0075).
  if (isTold(stage)) {
    // Locked by this transaction already when the status changed above.
    const order = await deps.orders.lockForBooking(tx, shipment.orderId);
    if (order) await deps.onCourierEvent({ orderId: shipment.orderId, orderCode: order.orderId, mobile: order.mobile, provider, stage, trackingCode: shipment.trackingCode }, tx);
  }
}

export interface PollOptions {
  /** Parcels asked about per round. */
  batch?: number;
  /** A parcel is asked about again after this long. */
  staleMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** The poll for missed webhooks (a periodic job, every COURIER_POLL_SECONDS; 0: off). */
export const courierPollJob = definePeriodicJob('courier.poll');

/**
 * Asks the couriers about parcels still travelling, for the webhooks that
 * never came. Each round claims its parcels in a short transaction with FOR
 * UPDATE SKIP LOCKED and stamps polled_at, so processes polling at once take
 * different parcels and none is asked twice in a round; the couriers are then
 * asked outside any transaction.
 */
export async function pollShipments(deps: CourierDeps, opts: PollOptions = {}): Promise<{ asked: number; failed: number }> {
  const cutoff = new Date(Date.now() - (opts.staleMs ?? 10 * 60_000));
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ orderId: shipments.orderId, provider: shipments.provider, consignmentId: shipments.consignmentId })
      .from(shipments)
      .where(and(eq(shipments.final, false), or(isNull(shipments.polledAt), lt(shipments.polledAt, cutoff))))
      .orderBy(sql`${shipments.polledAt} asc nulls first`)
      .limit(opts.batch ?? 50)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(shipments)
        .set({ polledAt: new Date() })
        .where(
          inArray(
            shipments.orderId,
            rows.map((r) => r.orderId),
          ),
        );
    }
    return rows;
  });
  let failed = 0;
  for (const row of claimed) {
    const courier = deps.couriers[row.provider];
    if (!courier) continue;
    try {
      const s = await courier.status(row.consignmentId);
      await applyCourierUpdate(deps, { provider: row.provider, consignmentId: row.consignmentId, status: s.status, message: s.message, at: s.at, fromPoll: true });
    } catch (err) {
      failed++;
      opts.log?.warn({ err, provider: row.provider, consignment: row.consignmentId }, 'courier status poll failed');
    }
  }
  return { asked: claimed.length, failed };
}


/** GET /order/track: the order's status, timeline and amounts for whoever knows its number and mobile; nothing else. */
export async function trackOrder({ db, orders }: { db: Db; orders: CourierOrders }, q: TrackQuery): Promise<TrackView> {
  const code = q.orderId.trim().toUpperCase();
  const order = await orders.findByNumber(code, isId(q.orderId.trim()) ? q.orderId.trim() : undefined);
  const mobile = normalizePhone(q.mobile);
  const address = order?.address;
  // The order's number, or its address's (a wallet order keeps the paying number).
  const known = order ? [order.mobile, address?.mobile].map(normalizePhone) : [];
  if (!order || !mobile || !known.includes(mobile)) throw appError('TRACK_NOT_FOUND');
  const events = await db.select().from(courierEvents).where(eq(courierEvents.orderId, order.id)).orderBy(asc(courierEvents.at), asc(courierEvents.createdAt));
  const timeline = [
    { status: 'placed', stage: 'placed' as const, message: 'Order placed.', at: order.createdAt.toISOString() },
    ...events.map(timelineEntry),
  ];
  // Delivered by hand (no courier event) counts too, and stays so once the order came back (returned, exchanged).
  const delivered = order.deliveredAt?.toISOString() ?? null;
  const firstAt = (stage: string) => timeline.find((e) => e.stage === stage)?.at ?? (stage === 'delivered' ? delivered : null);
  const reached = TRACK_STEPS.map((s) => firstAt(s.key) !== null || (s.key === 'delivered' && order.status === 'Delivered'));
  const last = reached.lastIndexOf(true);
  return {
    orderId: order.orderId,
    status: order.status,
    steps: TRACK_STEPS.map((s, i) => ({ key: s.key, label: s.label, done: i <= last, at: firstAt(s.key) })),
    timeline,
    // What to hand the rider, what was paid and given back (issue 42): amounts of this order only.
    amounts: await orders.trackAmounts(order),
    exchange_for: order.exchangeFor,
  };
}
