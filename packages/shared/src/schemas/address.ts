import { z } from 'zod';
import { MOBILE_LENGTH } from '../constants';
import { normalizePhoneInput } from '../phone';
import { idField, TEXT_LIMITS } from './limits';
import { emptyReplySchema, envelope } from './reply';

export const RECIPIENT_NAME_REQUIRED = "Enter the recipient's name";
const recipientName = z.string().trim().max(TEXT_LIMITS.personName, 'Name is too long');
const ADDRESS_LINE_LONG = 'Address Line is too long';
const CITY_LONG = 'City is too long';

/**
 * Address add/edit (spec §5): all three required, the mobile exactly 11 digits.
 * `name` is who receives the parcel (invoice, label, courier, SMS): optional
 * here so clients that send none keep working; the web asks for it
 * (addressFormSchema).
 */
export const addressSchema = z.object({
  name: recipientName.optional(),
  address_line: z.string({ error: 'Address Line is required' }).trim().min(1, 'Address Line is required').max(TEXT_LIMITS.addressLine, ADDRESS_LINE_LONG),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(TEXT_LIMITS.city, CITY_LONG),
  mobile: z
    .string({ error: 'Mobile is required' })
    .trim()
    // Bengali digits and +880/880 become 01XXXXXXXXX before the rule (issue 14).
    .overwrite(normalizePhoneInput)
    .min(1, 'Mobile is required')
    .regex(new RegExp(`^\\d{${MOBILE_LENGTH}}$`), `Mobile number must be exactly ${MOBILE_LENGTH} digits`),
});
export type AddressInput = z.infer<typeof addressSchema>;

/**
 * An address as far as it was typed (issue 42: what the checkout's incomplete-order report keeps of the
 * recipient): each field optional and bounded as the address form bounds it; a field not typed yet is left out.
 */
export const typedAddressSchema = z.object({
  name: recipientName.optional(),
  address_line: z.string().trim().max(TEXT_LIMITS.addressLine, ADDRESS_LINE_LONG).optional(),
  city: z.string().trim().max(TEXT_LIMITS.city, CITY_LONG).optional(),
});

/** The web's address dialog: the recipient's name is asked and required. */
export const addressFormSchema = addressSchema.extend({
  name: z.string({ error: RECIPIENT_NAME_REQUIRED }).trim().min(1, RECIPIENT_NAME_REQUIRED).max(TEXT_LIMITS.personName, 'Name is too long'),
});
export type AddressFormInput = z.infer<typeof addressFormSchema>;

export const editAddressSchema = addressSchema.extend({ id: idField('Address id is required') });
export const deleteAddressSchema = z.object({ id: idField('Address id is required') });

/** A saved address as the address routes answer it (spec §3 Address); toAddress() returns it, the web reads it. */
export const addressViewSchema = z.object({ _id: z.string(), name: z.string().optional(), address_line: z.string(), city: z.string(), mobile: z.string() });
export type AddressView = z.infer<typeof addressViewSchema>;
export const addressReplySchema = envelope(addressViewSchema);
/** GET address/get-address: the list under data and, for spec §7's client, under address. */
export const addressListReplySchema = envelope(z.array(addressViewSchema)).extend({ address: z.array(addressViewSchema) });
export const addressDeletedReplySchema = emptyReplySchema;
