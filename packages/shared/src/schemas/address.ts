import { z } from 'zod';
import { MOBILE_LENGTH } from '../constants';
import { normalizePhoneInput } from '../phone';
import { idField } from './limits';

/** Address add/edit (spec §5): all three required, the mobile exactly 11 digits. */
export const addressSchema = z.object({
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

export const editAddressSchema = addressSchema.extend({ id: idField('Address id is required') });
export const deleteAddressSchema = z.object({ id: idField('Address id is required') });

/** A saved address as the address routes answer it (spec §3 Address); toAddress() returns it, the web reads it. */
export interface AddressView extends AddressInput {
  _id: string;
}
