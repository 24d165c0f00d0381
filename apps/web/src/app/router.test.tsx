import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { openApp } from '@/test-utils';
import { routes } from './router';

const admin = { _id: 'u1', name: 'Admin', email: 'admin@haat.test', avatar: '', mobile: null, role: 'ADMIN', status: 'Active', verified: true, last_logit_date: null, createdAt: '2025-01-01T00:00:00.000Z' };

describe('routes', () => {
  afterEach(() => vi.restoreAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('a direct load of a lazily loaded page shows a loading indicator, and React Router warns nothing', async () => {
    const warn = vi.spyOn(console, 'warn');
    fakeApi({});
    const router = openApp(routes, '/login');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    // The lazy page's first import is compiled on demand in the test run: allow for a busy machine.
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/HydrateFallback/);
  });

  it('a guest on an admin page sees the loading indicator, then /login, and is back on the page after signing in', async () => {
    fakeApi({
      'POST user/login': { body: envelope({ access_token: 'a', refresh_token: 'r' }) },
      'GET user/get-user': { body: envelope(admin) },
      'POST product/get-all-products': { body: envelope([], '', { totalPages: 1, totalCount: 0 }) },
      'GET category/get-category': { body: envelope([]) },
      'GET subcategory/get-subcategories': { body: envelope([]) },
      'GET cart/get-cart-items': { body: envelope([]) },
    });
    const router = openApp(routes, '/dashboard/products?page=2');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    // The dashboard's layout is a lazy chunk too (decision 0082), compiled on demand here: allow for a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'admin@haat.test');
    await user.type(screen.getByLabelText('Password'), 'admin123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard/products?page=2'));
    expect(await screen.findByRole('heading', { name: 'Products:-' })).toBeInTheDocument();
  });
});
