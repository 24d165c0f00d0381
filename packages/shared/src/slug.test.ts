import { describe, expect, it } from 'vitest';
import { headingFromSegment, idFromSegment, listingPath, parseListingSegments, parseProductSegment, productPath, slugify } from './slug';

describe('slugify', () => {
  it('turns spaces into hyphens', () => expect(slugify('Baby and Kids')).toBe('baby-and-kids'));
  it('removes slashes', () => expect(slugify('T-Shirt/Polo')).toBe('t-shirtpolo'));
  it('turns commas and ampersands into hyphens', () => {
    expect(slugify('Home, Kitchen & Dining')).toBe('home-kitchen-dining');
    expect(slugify('Tea&Coffee')).toBe('tea-coffee');
  });
  it('keeps Bengali letters', () => expect(slugify('জামদানি শাড়ি')).toBe('জামদানি-শাড়ি'));
});

describe('route ids', () => {
  it('takes the last dash piece as the id', () => {
    expect(idFromSegment('samsung-galaxy-a15-abc123')).toBe('abc123');
    expect(idFromSegment('abc123')).toBe('abc123');
    expect(idFromSegment(undefined)).toBe('');
  });
  it('reads the heading from the other pieces', () => {
    expect(headingFromSegment('mobile-phones-xyz9')).toBe('mobile phones');
  });
  it('builds product and listing paths that parse back', () => {
    const p = productPath({ _id: 'p1', name: 'Walton 1.5 Ton AC, Inverter' });
    expect(p).toBe('/product/walton-1.5-ton-ac-inverter-p1');
    expect(idFromSegment(p.split('/')[2])).toBe('p1');
    const l = listingPath({ _id: 'c1', name: 'Electronics and Gadgets' }, { _id: 's1', name: 'Mobile Phones' });
    expect(l).toBe('/electronics-and-gadgets-c1/mobile-phones-s1');
  });
});

describe('route parsing', () => {
  it('reads a product id with or without the slug', () => {
    expect(parseProductSegment('samsung-galaxy-a15-abc123')).toBe('abc123');
    expect(parseProductSegment('abc123')).toBe('abc123');
  });
  it('refuses pieces that cannot be ids', () => {
    expect(parseProductSegment('samsung-')).toBeNull();
    expect(parseProductSegment('Samsung')).toBeNull();
    expect(parseProductSegment("x-1'or'1")).toBeNull();
    expect(parseProductSegment(undefined)).toBeNull();
  });
  it('reads both listing ids and the heading', () => {
    expect(parseListingSegments('electronics-and-gadgets-c1', 'mobile-phones-s1')).toEqual({
      categoryId: 'c1',
      subCategoryId: 's1',
      heading: 'mobile phones',
    });
    expect(parseListingSegments('c1', 's1')).toEqual({ categoryId: 'c1', subCategoryId: 's1', heading: '' });
  });
  it('refuses a listing path with a malformed id', () => {
    expect(parseListingSegments('electronics-', 'phones-s1')).toBeNull();
    expect(parseListingSegments('electronics-c1', 'phones-S 1')).toBeNull();
  });
  it('round-trips paths built from names with slashes, commas and ampersands', () => {
    const l = listingPath({ _id: 'c9', name: 'Home & Kitchen, Dining' }, { _id: 's9', name: 'Pots/Pans' });
    const [, cat, sub] = l.split('/');
    expect(l).toBe('/home-kitchen-dining-c9/potspans-s9');
    expect(parseListingSegments(cat, sub)).toEqual({ categoryId: 'c9', subCategoryId: 's9', heading: 'potspans' });
  });
});
