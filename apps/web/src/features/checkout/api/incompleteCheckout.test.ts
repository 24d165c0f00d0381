import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserId } from './incompleteCheckout';

/** The incomplete-checkout report's browser id (decision 0092, issue 42). */
describe('browserId', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is kept in storage: the same id on every report from this browser', () => {
    const id = browserId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(browserId()).toBe(id);
    expect(localStorage.getItem('haat_browser_id')).toBe(id);
  });

  it('where storage is refused, is still an id of this page’s own, never none (the shared entry keeps no name or address)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const id = browserId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(browserId()).toBe(id);
  });
});
