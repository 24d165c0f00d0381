import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';
import { loginSchema, registerSchema } from './auth';
import { categoryAddSchema, productAddSchema } from './catalogue';
import { TEXT_LIMITS } from './limits';
import { profileSchema } from './user';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const product = { name: 'Kettle', description: 'Boils water', unit: '1 pc', image: ['f'], category: ['c1'], subCategory: ['s1'], stock: '5', price: '100' };

describe('text limits: over the limit is refused with a message, never cut', () => {
  it('product name, description, details and unit', () => {
    expect(productAddSchema.parse({ ...product, name: 'n'.repeat(TEXT_LIMITS.productName) }).name).toHaveLength(TEXT_LIMITS.productName);
    expect(firstMessage(productAddSchema.safeParse({ ...product, name: 'n'.repeat(70_000) }))).toBe('Name must be at most 200 characters');
    expect(firstMessage(productAddSchema.safeParse({ ...product, description: 'd'.repeat(TEXT_LIMITS.description + 1) }))).toBe('Description must be at most 5000 characters');
    expect(firstMessage(productAddSchema.safeParse({ ...product, product_details: 'd'.repeat(TEXT_LIMITS.productDetails + 1) }))).toBe('Product details must be at most 5000 characters');
    expect(firstMessage(productAddSchema.safeParse({ ...product, unit: 'u'.repeat(51) }))).toBe('Unit must be at most 50 characters');
    const manyDetails = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v']));
    expect(firstMessage(productAddSchema.safeParse({ ...product, more_details: manyDetails }))).toBe('At most 30 more details.');
    expect(firstMessage(productAddSchema.safeParse({ ...product, more_details: { Brand: 'x'.repeat(1001) } }))).toBe('A field value must be at most 1000 characters');
  });
  it('category name, address, register, login and profile', () => {
    expect(firstMessage(categoryAddSchema.safeParse({ name: 'c'.repeat(101), image: ['f'] }))).toBe('Name must be at most 100 characters');
    expect(firstMessage(addressSchema.safeParse({ address_line: 'a'.repeat(301), city: 'Dhaka', mobile: '01712345678' }))).toBe('Address Line is too long');
    const email = `${'e'.repeat(250)}@x.com`;
    expect(firstMessage(registerSchema.safeParse({ name: 'R', email, password: 'secret1', confirmPassword: 'secret1' }))).toBe('Email must be at most 254 characters');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(1025) }))).toBe('Password must be at most 1024 characters');
    expect(firstMessage(profileSchema.safeParse({ name: 'n'.repeat(101), email: 'a@b.co', mobile: '', password: '' }))).toBe('Name must be at most 100 characters');
  });
});
