import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeredNow } from './serverPage';

afterEach(() => vi.useRealTimers());

describe('answeredNow', () => {
  it('makes a kept page’s answers count from now, so the page does not read them again at once', () => {
    vi.setSystemTime(new Date('2026-12-07T04:05:00Z'));
    const key = ['catalogue', 'products', 'details', 'p1'];
    const server = new QueryClient();
    // The page was rendered five minutes ago and kept (decision 0090); a product's answers are fresh for a minute.
    server.setQueryData(key, { _id: 'p1', name: 'Kurta' }, { updatedAt: Date.parse('2026-12-07T04:00:00Z') });
    const page = dehydrate(server);
    const stale = (client: QueryClient) => client.getQueryCache().find({ queryKey: key })!.isStaleByTime(60_000);

    const asItCame = new QueryClient();
    hydrate(asItCame, page);
    expect(stale(asItCame)).toBe(true);

    const browser = new QueryClient();
    hydrate(browser, answeredNow(page));
    expect(stale(browser)).toBe(false);
    expect(browser.getQueryData(key)).toEqual({ _id: 'p1', name: 'Kurta' });
  });
});
