import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { advanceAmount, type AdvanceRule, type AdvanceWho } from '@haat/shared/advance';
import { deliveryFee } from '@haat/shared/delivery-fee';
import type { DeliveryRecord } from '@haat/shared/delivery-record';
import type { AdvancePreview, AdvancePreviewRequest } from '@haat/shared/schemas/order';
import type { Db, DbOrTx } from '../../db/client';
import { orders, products } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';
import { readAdvanceRule } from '../cod-risk/index';
import { readDeliverySettings } from '../delivery/index';
import { quotePromotions } from '../promotions/index';
import { resolveAddress } from './address';

/*
 * The partial advance (issue 44): ONE way to decide it, used by the order (place-order's advance steps, decision
 * 0114) and by the checkout's preview before anything is pressed (decision 0130), so the two cannot differ.
 */

/** The owner's rule and what it needs to know of the buyer, read before the order's transaction. */
export interface AdvanceBuyer {
  rule: AdvanceRule;
  /** No order of the shop was delivered to the buyer's mobile yet. */
  firstTime: boolean;
  record: DeliveryRecord | null;
}

/** What the rule asked of one order: the amount (0 = none) and which part of the rule asked it. */
export interface AdvanceAsked {
  amount: number;
  for: AdvanceWho | null;
}

/**
 * The rule, and the buyer's own history (first-time) and the COD risk check (risky) only when the rule names them;
 * `known` is a risk answer already asked this placing. Null when the rule asks nothing.
 */
export async function advanceBuyer(db: DbOrTx, phone: string, known: DeliveryRecord | null, riskOf: ((phone: string) => Promise<DeliveryRecord>) | undefined): Promise<AdvanceBuyer | null> {
  const rule = await readAdvanceRule(db);
  if (rule.kind === 'none') return null;
  const firstTime = rule.who === 'first-time' ? !(await deliveredTo(db, phone)) : false;
  const record = rule.who === 'risky' ? (known ?? (riskOf ? await riskOf(phone) : null)) : null;
  return { rule, firstTime, record };
}

/** Whether an order of the shop was ever delivered to this mobile (the delivery address's, as the COD risk check reads it). */
async function deliveredTo(db: DbOrTx, phone: string): Promise<boolean> {
  const buyerPhone = sql`coalesce(${orders.deliveryAddress} ->> 'mobile', ${orders.guestDeliveryAddress} ->> 'mobile')`;
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(sql`${buyerPhone} = ${phone}`, inArray(orders.status, ['Delivered', 'Received']))).limit(1);
  return Boolean(row);
}

/** The amount by the shared rule from the server's total and fee (promotions applied), capped when a line is a pre-order. */
export async function advanceOf(db: DbOrTx, buyer: AdvanceBuyer | null, productIds: string[], priced: { total: number; delivery_fee: number }): Promise<AdvanceAsked> {
  if (!buyer || productIds.length === 0) return { amount: 0, for: null };
  const [preorder] = await db.select({ id: products.id }).from(products).where(and(inArray(products.id, productIds), isNotNull(products.shipsOn))).limit(1);
  const amount = advanceAmount(buyer.rule, { total: priced.total, deliveryFee: priced.delivery_fee, firstTime: buyer.firstTime, record: buyer.record, preorder: Boolean(preorder) });
  return { amount, for: amount > 0 ? buyer.rule.who : null };
}

/** Who asks for a preview, and what the route can reach: the risk check, and whether a bKash gateway can take an advance. */
export interface PreviewAsker {
  user: AuthUser | null;
  cookie: string | undefined;
  secret: string;
  riskOf: (phone: string) => Promise<DeliveryRecord>;
  gateway: boolean;
}

/**
 * POST /order/advance (decision 0130): what a COD order of these lines to this address would pay now and on
 * delivery. The fee from the address by the shop's settings, the total by the promotions' quote (the checkout's
 * own total), the advance by the steps the order uses. Nothing is reserved or written.
 */
export async function previewAdvance(db: Db, asker: PreviewAsker, input: AdvancePreviewRequest): Promise<AdvancePreview> {
  // A saved address is the signed-in shopper's own; an address given whole is a guest's, or the buyer's on a phone order.
  const address = await resolveAddress(db, input.addressId ? asker.user : null, input);
  const to = (address.delivery ?? address.guest)!;
  const fee = deliveryFee(await readDeliverySettings(db), to);
  const quote = await quotePromotions(db, asker, { list_items: input.list_items.map(({ product_id, variant_id, quantity }) => ({ product_id, quantity, ...(variant_id ? { variant_id } : {}) })), ...(input.voucher_code ? { code: input.voucher_code } : {}), mobile: to.mobile, delivery_fee: fee });
  // Without a gateway no advance is asked, as placing says (decision 0114).
  const buyer = asker.gateway ? await advanceBuyer(db, to.mobile, null, asker.riskOf) : null;
  const { amount } = await advanceOf(db, buyer, input.list_items.map((l) => l.product_id), quote);
  return { total: quote.total, advance: amount, due_on_delivery: quote.total - amount };
}
