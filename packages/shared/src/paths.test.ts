import { describe, expect, it } from 'vitest';
import { paths, type SpaPath } from './paths';

/** What the pages with required arguments build; every other page is built with none. */
const built: Record<string, string> = {
  listing: paths.listing({ _id: 'c1', name: 'Home & Living' }, { _id: 's2', name: 'Bed/Bath' }),
  product: paths.product({ _id: 'p9', name: 'Red Saree' }),
  policy: paths.policy('returns'),
  'dashboard.invoice': paths.dashboard.invoice(['a1', 'b 2']),
  'dashboard.labels': paths.dashboard.labels(['a1']),
};

/** Every page of the table with what it builds. */
const samples: [string, SpaPath<never[]>, string][] = [];
const walk = (table: object, prefix: string) => {
  for (const [key, entry] of Object.entries(table)) {
    const name = `${prefix}${key}`;
    if (typeof entry === 'function') samples.push([name, entry as SpaPath<never[]>, built[name] ?? (entry as () => string)()]);
    else walk(entry as object, `${name}.`);
  }
};
walk(paths, '');

/** The route's pattern as a regular expression: each `:name` one non-empty segment. */
const matcher = (pattern: string) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);

describe('the SPA route table', () => {
  it('builds, for every page, a path its own route matches (the query string aside)', () => {
    expect(samples.length).toBeGreaterThan(40);
    for (const [name, entry, path] of samples) {
      expect(path.split('?')[0], name).toMatch(matcher(entry.pattern));
    }
  });

  it('builds the paths the pages had before the table', () => {
    expect(paths.product({ _id: 'p9', name: 'Red Saree' })).toBe('/product/red-saree-p9');
    expect(paths.listing({ _id: 'c1', name: 'Home & Living' }, { _id: 's2', name: 'Bed/Bath' })).toBe('/home-living-c1/bedbath-s2');
    expect(paths.search('red saree')).toBe('/search-page?search=red%20saree');
    expect(paths.search()).toBe('/search-page');
    expect(paths.track('ORD-1/2')).toBe('/track?orderId=ORD-1%2F2');
    expect(paths.orderSuccess('Payment')).toBe('/order-success?text=Payment');
    expect(paths.orderCancel('not-approved')).toBe('/order-cancel?reason=not-approved');
    expect(paths.dashboard.invoice(['a1', 'b 2'])).toBe('/dashboard/invoice/a1,b%202');
    expect(paths.dashboard.labels(['a1', 'b2'])).toBe('/dashboard/labels?ids=a1,b2');
    expect(paths.dashboard.products('Atta & rice')).toBe('/dashboard/products?search=Atta%20%26%20rice');
    expect(paths.home()).toBe('/');
  });

  it('names every path once', () => {
    const patterns = samples.map(([, entry]) => entry.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
