import { describe, expect, it } from 'vitest';
import { isTrackingParam, withoutTrackingParams } from './tracking-params';

describe('tracking parameters', () => {
  it('are an ad’s and a campaign’s, not a page’s own', () => {
    expect(['fbclid', 'utm_source', 'UTM_Campaign', 'gclid', 'msclkid'].every(isTrackingParam)).toBe(true);
    expect(['search', 'page', 'lang', 'add', 'qty', 'utm', 'fbclidx'].some(isTrackingParam)).toBe(false);
  });

  it('are left out of a URL, its own parameters kept in order', () => {
    expect(withoutTrackingParams('/product/rice-1?fbclid=IwAR0abc')).toBe('/product/rice-1');
    expect(withoutTrackingParams('/search-page?search=a+b&utm_source=fb&page=2&fbclid=x')).toBe('/search-page?search=a+b&page=2');
    expect(withoutTrackingParams('/?')).toBe('/');
    expect(withoutTrackingParams('/cart')).toBe('/cart');
    expect(withoutTrackingParams('/x?%E0%A6=1&utm_%ZZ=2')).toBe('/x?%E0%A6=1&utm_%ZZ=2');
  });
});
