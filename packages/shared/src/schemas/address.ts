import { z } from 'zod';
import { MOBILE_LENGTH } from '../constants';
import { normalizePhoneInput } from '../phone';
import { idField, TEXT_LIMITS } from './limits';

export const RECIPIENT_NAME_REQUIRED = "Enter the recipient's name";
const recipientName = z.string().trim().max(TEXT_LIMITS.personName, 'Name is too long');

/**
 * Address add/edit (spec §5): all three required, the mobile exactly 11 digits.
 * `name` is who receives the parcel (invoice, label, courier, SMS): optional
 * here so clients that send none keep working; the web asks for it
 * (addressFormSchema).
 */
export const addressSchema = z.object({
  name: recipientName.optional(),
  address_line: z.string({ error: 'Address Line is required' }).trim().min(1, 'Address Line is required').max(300, 'Address Line is too long'),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(100, 'City is too long'),
  mobile: z
    .string({ error: 'Mobile is required' })
    .trim()
    // Bengali digits and +880/880 become 01XXXXXXXXX before the rule (issue 14).
    .overwrite(normalizePhoneInput)
    .min(1, 'Mobile is required')
    .regex(new RegExp(`^\\d{${MOBILE_LENGTH}}$`), `Mobile number must be exactly ${MOBILE_LENGTH} digits`),
});
export type AddressInput = z.infer<typeof addressSchema>;

/** The web's address dialog: the recipient's name is asked and required. */
export const addressFormSchema = addressSchema.extend({
  name: z.string({ error: RECIPIENT_NAME_REQUIRED }).trim().min(1, RECIPIENT_NAME_REQUIRED).max(TEXT_LIMITS.personName, 'Name is too long'),
});
export type AddressFormInput = z.infer<typeof addressFormSchema>;

export const editAddressSchema = addressSchema.extend({ id: idField('Address id is required') });
export const deleteAddressSchema = z.object({ id: idField('Address id is required') });

/** A saved address as the address routes answer it (spec §3 Address); toAddress() returns it, the web reads it. */
export interface AddressView extends AddressInput {
  _id: string;
}
