import { describe, expect, it } from 'vitest';
import {
  ALL_FIELDS_REQUIRED,
  categoryAddSchema,
  categoryEditSchema,
  FILL_REQUIRED_FIELDS,
  listingQuerySchema,
  productAddSchema,
  productEditSchema,
  productListQuerySchema,
  subCategoryAddSchema,
  subCategoryEditSchema,
} from './catalogue';

const product = {
  name: 'Samsung Galaxy A15',
  description: 'A phone',
  unit: '1 pc',
  image: ['file'],
  category: ['c1'],
  subCategory: ['s1'],
  stock: '5',
  price: '18999',
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('product schemas', () => {
  it('accept a full product and apply the defaults', () => {
    expect(productAddSchema.parse(product)).toMatchObject({ stock: 5, price: 18999, discount: 0, quantity: 10, publish: true, more_details: {}, product_details: '' });
  });
  it.each(['name', 'description', 'unit', 'image', 'category', 'subCategory', 'stock', 'price'])('say "All Fields are required" without %s', (key) => {
    const { [key as keyof typeof product]: _omit, ...rest } = product;
    expect(firstMessage(productAddSchema.safeParse(rest))).toBe(ALL_FIELDS_REQUIRED);
  });
  it('refuse zero stock and price on add, but allow zero stock on edit', () => {
    expect(firstMessage(productAddSchema.safeParse({ ...product, stock: '0' }))).toBe(ALL_FIELDS_REQUIRED);
    expect(firstMessage(productAddSchema.safeParse({ ...product, price: 0 }))).toBe(ALL_FIELDS_REQUIRED);
    expect(productEditSchema.parse({ ...product, productId: 'p1', stock: 0 }).stock).toBe(0);
  });
  it('refuse a blank more-details name and a discount above 100', () => {
    expect(firstMessage(productAddSchema.safeParse({ ...product, more_details: { ' ': 'x' } }))).toBe('A field name cannot be blank');
    expect(productAddSchema.safeParse({ ...product, discount: 120 }).success).toBe(false);
  });
});

describe('sub-category schema', () => {
  it('says "Please fill all required fields" without a category', () => {
    expect(firstMessage(subCategoryAddSchema.safeParse({ name: 'Phones', image: ['f'], category: [] }))).toBe(FILL_REQUIRED_FIELDS);
  });
});

describe('Bangla category and sub-category names', () => {
  it('are trimmed and NFC; left out, add gives an empty one and edit leaves it undefined (the stored one stays)', () => {
    expect(categoryAddSchema.parse({ name: 'Watches', name_bn: ' \u0998\u09DC\u09BF ', image: ['f'] }).name_bn).toBe('\u0998\u09A1\u09BC\u09BF');
    expect(categoryAddSchema.parse({ name: 'Watches', image: ['f'] }).name_bn).toBe('');
    expect(subCategoryAddSchema.parse({ name: 'Phones', image: ['f'], category: ['c1'] }).name_bn).toBe('');
    expect(categoryEditSchema.parse({ categoryId: 'c1', name: 'Watches' }).name_bn).toBeUndefined();
    expect(subCategoryEditSchema.parse({ subcategoryId: 's1', name: 'Phones', category: ['c1'], name_bn: '' }).name_bn).toBe('');
  });
  it('are at most the category name limit', () => {
    const long = 'ক'.repeat(101);
    expect(firstMessage(categoryAddSchema.safeParse({ name: 'Watches', name_bn: long, image: ['f'] }))).toBe('Bangla name must be at most 100 characters');
    expect(firstMessage(subCategoryEditSchema.safeParse({ subcategoryId: 's1', name: 'Phones', category: ['c1'], name_bn: long }))).toBe('Bangla name must be at most 100 characters');
  });
});

describe('list queries', () => {
  it('default, cap and forgive paging values', () => {
    expect(productListQuerySchema.parse({})).toEqual({ page: 1, limit: 20, search: '' });
    expect(productListQuerySchema.parse({ page: '3', limit: '500', search: 'x'.repeat(300) })).toMatchObject({ page: 3, limit: 100 });
    expect(productListQuerySchema.parse({ page: -1, limit: 'abc', search: 42 })).toEqual({ page: 1, limit: 20, search: '' });
    expect(listingQuerySchema.parse({ categoryId: 'c', subcategoryId: 's', sortby: 'weird' }).sortby).toBe('newest');
  });
});
