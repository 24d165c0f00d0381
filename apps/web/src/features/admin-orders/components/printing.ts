import { advancePaid, amountDueOnDelivery, type DueFacts } from '@haat/shared/pricing';
import type { AdminOrder } from '../api/getAllOrders';

/** The delivery address an order keeps: the saved one, else the guest's (or the phone order's). */
export const shippingAddress = (o: AdminOrder) => o.delivery_address ?? o.guest_user_delivery_address;

/** The order's facts for the shared amount due on delivery (decision 0114): a COD order's advance counts once bKash confirmed it. */
const dueFacts = (o: AdminOrder): DueFacts => ({ method: o.payment_status, total: o.total_amount, advanceAmount: o.advance_amount ?? null, paymentState: o.paid ? 'paid' : null, paidAmount: null });

/** What the courier collects (the label, the invoice, the card, the booking): the shared amountDueOnDelivery. */
export const codAmount = (o: AdminOrder) => amountDueOnDelivery(dueFacts(o));

/** A COD order's partial advance paid through bKash; 0 when none or not paid yet. */
export const advancePaidOf = (o: AdminOrder) => advancePaid(dueFacts(o));


/**
 * The code on a label: the courier's tracking code once the order is booked
 * (issue 13's courier work adds `courier`), the order number until then.
 */
export const labelCode = (o: AdminOrder) => (o as AdminOrder & { courier?: { tracking_code?: string } | null }).courier?.tracking_code || o.orderId;

/** One item on a label: "2 × Kurti (Size: L, Colour: Red)"; the count and chosen options already in the page's language. */
export const labelItem = (count: string, name: string, chosen: string) => `${count} × ${name}${chosen ? ` (${chosen})` : ''}`;

/** Ids from a path segment or a query value: comma-separated, blanks dropped. */
export const splitIds = (value: string | null | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
