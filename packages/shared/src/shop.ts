import { z } from 'zod';
import { envelope } from './schemas/reply';
import { businessSettingsViewSchema } from './schemas/business';

/** GET shop-info: the shop's public facts (footer contacts, social links, the wallet number), from the server's configuration. */
export const shopInfoSchema = z.object({
  /** The shop's name and address, as printed on invoices and labels. */
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  social: z.object({ facebook: z.string(), instagram: z.string(), linkedin: z.string() }),
  walletNumber: z.string(),
  /** bKash checkout is on (the real gateway or the demo sandbox): Bkash shows 'Pay with bKash' instead of a transaction id. */
  bkashCheckout: z.boolean(),
  /** SSLCommerz hosted checkout is on (a store or the demo sandbox; decision 0120): the checkout offers cards and mobile banking through it. */
  sslcommerzCheckout: z.boolean(),
  /** Nagad's payment gateway is on (a merchant account; decision 0128): Nagad shows 'Pay with Nagad' instead of a transaction id. */
  nagadCheckout: z.boolean(),
  /** The owner's business details (trade licence, DBID, BIN, address, VAT rate; decision 0077): the footer and invoices show them. */
  business: businessSettingsViewSchema,
  /** The promises product and policy pages show (decision 0077): the owner's delivery days and return window, the guidelines' other times. */
  terms: z.object({
    deliveryDaysInsideDhaka: z.number(),
    deliveryDaysOutsideDhaka: z.number(),
    returnWindowDays: z.number(),
    complaintHours: z.number(),
    unsuppliedRefundHours: z.number(),
    lateDeliveryRefundDays: z.number(),
  }),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;
export const shopInfoReplySchema = envelope(shopInfoSchema);
