import { z } from 'zod';
import { MAX_DELIVERY_FEE } from '../constants';
import type { ApiResponse } from '../api';
import { asciiDigitsOf } from '../phone';
import type { DeliverySettings } from '../pricing';
import { envelope } from './reply';

const fee = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number of taka`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_DELIVERY_FEE, `${label} is too large (at most ${MAX_DELIVERY_FEE})`);

/** PUT /delivery-settings (admin 'Update Shipping Costs'): both fees numeric and required (spec §5). */
export const deliverySettingsSchema = z.object({
  insideDhaka: z.preprocess((v) => (v === '' || v === null ? undefined : asciiDigitsOf(v)), fee('Inside Dhaka amount')),
  outsideDhaka: z.preprocess((v) => (v === '' || v === null ? undefined : asciiDigitsOf(v)), fee('Outside Dhaka amount')),
  freeDelivery: z.boolean({ error: 'Free delivery must be on or off' }).default(false),
});
export type DeliverySettingsInput = z.infer<typeof deliverySettingsSchema>;

/**
 * GET /delivery-settings: the envelope, with the settings at the top level too
 * (the spec reads freeDelivery, insideDhaka and outsideDhaka there).
 */
export type DeliverySettingsReply = ApiResponse<DeliverySettings> & DeliverySettings;

/** What PUT /delivery-settings saved; modifiedCount is 1 when a value changed, else 0. */
export type DeliverySettingsSaved = DeliverySettings & { modifiedCount: number };
/** PUT /delivery-settings: like the GET, the envelope with the fields at the top level too. */
export type DeliverySettingsSaveReply = ApiResponse<DeliverySettingsSaved> & DeliverySettingsSaved;

const deliverySettingsView = z.object({ freeDelivery: z.boolean(), insideDhaka: z.number(), outsideDhaka: z.number() });
/** The schema of DeliverySettingsReply (GET /delivery-settings). */
export const deliverySettingsReplySchema = envelope(deliverySettingsView).extend(deliverySettingsView.shape);
const deliverySettingsSaved = deliverySettingsView.extend({ modifiedCount: z.number() });
/** The schema of DeliverySettingsSaveReply (PUT /delivery-settings). */
export const deliverySettingsSaveReplySchema = envelope(deliverySettingsSaved).extend(deliverySettingsSaved.shape);
