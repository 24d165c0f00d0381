import { describe, expect, it } from 'vitest';
import { normalizeDigitsInput, normalizePhoneInput } from './phone';
import { addressSchema } from './schemas/address';
import { verifyOtpSchema } from './schemas/auth';
import { addToCartSchema, updateCartSchema } from './schemas/cart';
import { deliverySettingsSchema } from './schemas/delivery';
import { orderPayloadSchema, paymentDialogSchema } from './schemas/order';
import { profileSchema } from './schemas/user';

// Issue 14: every input that takes digits accepts Bengali digits and +880/880.
describe('digit inputs', () => {
  it('normalises a mobile number typed any way to 01XXXXXXXXX', () => {
    expect(normalizePhoneInput('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(normalizePhoneInput(' +৮৮০১৭১২৩৪৫৬৭৮ ')).toBe('01712345678');
    expect(normalizePhoneInput('880 1712-345678')).toBe('01712345678');
    // Not a mobile: digits made ASCII, the rest kept, so the rule's message explains it.
    expect(normalizePhoneInput('১২৩')).toBe('123');
    expect(normalizeDigitsInput(' ১২৩৪৫৬ ')).toBe('123456');
  });

  it('the address and payment schemas save the local form', () => {
    expect(addressSchema.parse({ address_line: 'Road 1', city: 'Dhaka', mobile: '০১৭১২৩৪৫৬৭৮' }).mobile).toBe('01712345678');
    expect(addressSchema.parse({ address_line: 'Road 1', city: 'Dhaka', mobile: '+8801712345678' }).mobile).toBe('01712345678');
    expect(addressSchema.safeParse({ address_line: 'Road 1', city: 'Dhaka', mobile: '১২৩' }).error?.issues[0]?.message).toBe('Mobile number must be exactly 11 digits');
    expect(paymentDialogSchema.parse({ method: 'bkash', mobile: '৮৮০১৮১২৩৪৫৬৭৮', transaction_id: 'TX১২৩' })).toMatchObject({ mobile: '01812345678', transaction_id: 'TX123' });
    const order = orderPayloadSchema.parse({
      method: 'CASH-ON-DELIVERY',
      list_items: [{ product_id: 'p1', quantity: '২' }],
      guest_user_delivery_address: { address_line: 'Road 1', city: 'Dhaka', mobile: '০১৭১২৩৪৫৬৭৮' },
    });
    expect(order.list_items[0]!.quantity).toBe(2);
    expect(order.guest_user_delivery_address!.mobile).toBe('01712345678');
    expect(profileSchema.parse({ name: '', email: 'a@b.c', mobile: '০১৯১২৩৪৫৬৭৮', password: '' }).mobile).toBe('01912345678');
  });

  it('the OTP, quantities and delivery fees read Bengali digits', () => {
    expect(verifyOtpSchema.parse({ email: 'a@b.c', otp: '১২৩৪৫৬' }).otp).toBe('123456');
    expect(verifyOtpSchema.safeParse({ email: 'a@b.c', otp: '১২৩' }).success).toBe(false);
    expect(addToCartSchema.parse({ product_id: 'p1', quantity: '৩' }).quantity).toBe(3);
    expect(updateCartSchema.parse({ id: 'c1', quantity: '০' }).quantity).toBe(0);
    expect(deliverySettingsSchema.parse({ insideDhaka: '৬০', outsideDhaka: '১২০' })).toMatchObject({ insideDhaka: 60, outsideDhaka: 120 });
    expect(deliverySettingsSchema.safeParse({ insideDhaka: '৬০.৫', outsideDhaka: '১' }).error?.issues[0]?.message).toBe('Inside Dhaka amount must be a whole number of taka');
  });
});
