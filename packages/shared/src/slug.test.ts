import { describe, expect, it } from 'vitest';
import { headingFromSegment, idFromSegment, listingPath, productPath, slugify } from './slug';

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
