import type { AdminOrder } from '../api/getAllOrders';

/** The delivery address an order keeps: the saved one, else the guest's (or the phone order's). */
export const shippingAddress = (o: AdminOrder) => o.delivery_address ?? o.guest_user_delivery_address;

/** What the courier collects: the total for cash on delivery, nothing for an order paid already. */
export const codAmount = (o: AdminOrder) => (o.payment_status === 'CASH-ON-DELIVERY' ? o.total_amount : 0);


/**
 * The code on a label: the courier's tracking code once the order is booked
 * (issue 13's courier work adds `courier`), the order number until then.
 */
export const labelCode = (o: AdminOrder) => (o as AdminOrder & { courier?: { tracking_code?: string } | null }).courier?.tracking_code || o.orderId;

/** One item on a label: "2 × Kurti (Size: L, Colour: Red)"; the count and chosen options already in the page's language. */
export const labelItem = (count: string, name: string, chosen: string) => `${count} × ${name}${chosen ? ` (${chosen})` : ''}`;

/** Ids from a path segment or a query value: comma-separated, blanks dropped. */
export const splitIds = (value: string | null | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
