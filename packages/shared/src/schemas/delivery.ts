import { z } from 'zod';
import { MAX_DELIVERY_FEE } from '../constants';

const fee = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number of taka`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_DELIVERY_FEE, `${label} is too large (at most ${MAX_DELIVERY_FEE})`);

/** PUT /delivery-settings (admin 'Update Shipping Costs'): both fees numeric and required (spec §5). */
export const deliverySettingsSchema = z.object({
  insideDhaka: z.preprocess((v) => (v === '' || v === null ? undefined : v), fee('Inside Dhaka amount')),
  outsideDhaka: z.preprocess((v) => (v === '' || v === null ? undefined : v), fee('Outside Dhaka amount')),
  freeDelivery: z.boolean({ error: 'Free delivery must be on or off' }).default(false),
});
export type DeliverySettingsInput = z.infer<typeof deliverySettingsSchema>;
