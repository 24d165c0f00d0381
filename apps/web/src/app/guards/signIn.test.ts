import { describe, expect, it } from 'vitest';
import { afterSignIn } from './signIn';

describe('afterSignIn', () => {
  it('sends every staff role to the dashboard and a shopper home (issue 28)', () => {
    for (const role of ['ADMIN', 'MANAGER', 'ORDERS', 'CATALOGUE', 'PACKER'] as const) expect(afterSignIn(null, role)).toBe('/dashboard');
    expect(afterSignIn(null, 'USER')).toBe('/');
    expect(afterSignIn({ from: '/dashboard/my-order' }, 'PACKER')).toBe('/dashboard/my-order');
  });
});
