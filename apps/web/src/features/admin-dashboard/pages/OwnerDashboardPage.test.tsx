import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@haat/shared/constants';
import { formatTaka } from '@haat/shared/money';
import type { DashboardSummary } from '@haat/shared/schemas/dashboard';
import { changeLanguage } from '@/i18n';
import { envelope, failure, fakeApi } from '@/test-api';
import { openApp, renderPage } from '@/test-utils';
import { routes } from '@/app/router';
import { OwnerDashboardPage } from './OwnerDashboardPage';

const day = (date: string, orders = 0, taka = 0) => ({ date, orders, taka });
/** A product without options (issue 21). */
const plain = { variantId: null, sku: '', options: [] };
const summary: DashboardSummary = {
  days: 30,
  from: '2026-10-24',
  to: '2026-11-22',
  salesPerDay: [day('2026-10-24'), day('2026-11-21', 1, 1950), day('2026-11-22', 2, 4600)],
  sales: { orders: 3, taka: 6550 },
  ordersByStatus: { Pending: 2, Delivered: 1, Cancel: 1, Received: 1, Return: 1 },
  topByUnits: [
    { productId: 'p1', name: 'Kettle', units: 3, taka: 3000, ...plain },
    { productId: 'p3', name: 'Hurricane lamp', units: 3, taka: 900, ...plain },
  ],
  topByTaka: [
    { productId: 'p1', name: 'Kettle', units: 3, taka: 3000, ...plain },
    { productId: 'p2', name: 'Jamdani saree', units: 1, taka: 2500, ...plain },
  ],
  lowStock: {
    threshold: 5,
    total: 3,
    products: [
      { productId: 'p4', name: 'Clay pot', stock: 0, ...plain },
      { productId: 'p5', name: 'Kurta', stock: 1, variantId: 'v5', sku: 'KU-L-RED', options: [{ name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' }, { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' }] },
      { productId: 'p1', name: 'Kettle', stock: 2, ...plain },
    ],
  },
  payments: { cod: { orders: 1, taka: 2050 }, wallet: { orders: 2, taka: 4500 } },
  afterSales: { byReason: [{ reason: 'wrong_size', returns: 2, units: 3 }], byProduct: [{ productId: 'p2', name: 'Jamdani saree', units: 3 }], refunds: { orders: 1, taka: 900 }, netSales: 5650 },
  returns: { handed: 4, returned: 1, share: 0.25 },
  overdueOrders: 2,
};

const user = (role: 'ADMIN' | 'USER') => ({ _id: 'u1', name: role, email: 'someone@haat.test', avatar: '', mobile: null, role, status: 'Active', verified: true, last_logit_date: null, createdAt: '2025-01-01T00:00:00.000Z' });

describe("the owner's dashboard", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every figure: sales, orders by status, top products, payments, returns and the low-stock list with edit links', async () => {
    const api = fakeApi({ 'GET dashboard/summary': { body: envelope(summary) } });
    renderPage(<OwnerDashboardPage />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Sales per day' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path).filter((p) => p.startsWith('dashboard/'))).toEqual(['dashboard/summary?days=30']);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('24 Oct – 22 Nov')).toBeInTheDocument();

    expect(screen.getByRole('group', { name: 'Sales' })).toHaveTextContent(formatTaka(6550));
    expect(screen.getByRole('group', { name: 'Orders' })).toHaveTextContent('Orders3Placed in all: 6');
    expect(screen.getByRole('group', { name: 'Average order' })).toHaveTextContent(formatTaka(2183));
    expect(screen.getByRole('group', { name: 'Returned parcels' })).toHaveTextContent('25%');
    // Issue 27: orders past a due time now, in red with a way to them.
    const overdue = screen.getByRole('group', { name: 'Overdue orders' });
    expect(overdue).toHaveTextContent('Overdue orders2Past a due time now');
    expect(overdue).toHaveClass('bg-red-50');
    expect(within(overdue).getByRole('link', { name: 'Open the orders' })).toHaveAttribute('href', '/dashboard/my-order');
    // Returns and refunds (issue 27): by reason and product, refunds in taka, net sales.
    const afterSales = screen.getByRole('region', { name: 'Returns and refunds' });
    expect(within(afterSales).getByTestId('refunds-taka')).toHaveTextContent(formatTaka(900));
    expect(within(afterSales).getByTestId('net-sales')).toHaveTextContent(formatTaka(5650));
    expect(afterSales).toHaveTextContent('Wrong size3 units');
    expect(afterSales).toHaveTextContent('Jamdani saree3 units');
    for (const name of ['Sales per day', 'Orders by status', 'Top 10 products by units', 'Top 10 products by taka', 'Cash on delivery vs wallet', 'Share of parcels returned']) {
      expect(screen.getByRole('img', { name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('status-Pending')).toHaveTextContent('2');
    expect(screen.getByTestId('status-Return')).toHaveTextContent('1');

    const byUnits = screen.getByRole('region', { name: 'Top 10 products by units' });
    expect(within(byUnits).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1.Kettle3', '2.Hurricane lamp3']);
    const byTaka = screen.getByRole('region', { name: 'Top 10 products by taka' });
    expect(within(byTaka).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`1.Kettle${formatTaka(3000)}`, `2.Jamdani saree${formatTaka(2500)}`]);

    expect(screen.getByTestId('payments-cod')).toHaveTextContent(`Cash on delivery1 orders · ${formatTaka(2050)}`);
    expect(screen.getByTestId('payments-wallet')).toHaveTextContent(`2 orders · ${formatTaka(4500)}`);
    expect(screen.getByTestId('returns')).toHaveTextContent('25% returned');
    expect(screen.getByTestId('returns')).toHaveTextContent('1 of 4 parcels handed to a courier came back.');

    const low = screen.getByRole('table', { name: 'Products with 5 or fewer in stock' });
    // A product with options is listed per variant, named by its size and colour and SKU.
    expect(within(low).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Clay pot0Edit', 'KurtaSize: L, Colour: RedSKU KU-L-RED1Edit', 'Kettle2Edit']);
    expect(within(low).getByRole('link', { name: 'Edit Clay pot' })).toHaveAttribute('href', '/dashboard/products?search=Clay%20pot');
  });

  it('shows the cash with couriers, in both languages (issue 44)', async () => {
    fakeApi({ 'GET dashboard/summary': { body: envelope(summary) }, 'GET settlements/cash': { body: envelope({ cashWithCouriersPaisa: 1_234_550 }) } });
    renderPage(<OwnerDashboardPage />);
    expect(await screen.findByRole('group', { name: 'Cash with couriers' })).toHaveTextContent(formatTaka(12_345.5));
    await changeLanguage('bn');
    expect(await screen.findByRole('group', { name: 'কুরিয়ারের কাছে থাকা টাকা' })).toHaveTextContent(formatTaka(12_345.5));
    await changeLanguage('en');
  });

  it('asks for another period when the admin picks one', async () => {
    const api = fakeApi({ 'GET dashboard/summary': { body: envelope(summary) } });
    renderPage(<OwnerDashboardPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('dashboard/summary?days=7'));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    // A year too: at 100,000 orders it answers in about 95 ms (docs/PERFORMANCE.md).
    await userEvent.setup().click(screen.getByRole('button', { name: 'Last 365 days' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('dashboard/summary?days=365'));
  });

  it('says no order is overdue, without red, when none is', async () => {
    fakeApi({ 'GET dashboard/summary': { body: envelope({ ...summary, overdueOrders: 0 }) } });
    renderPage(<OwnerDashboardPage />);
    const overdue = await screen.findByRole('group', { name: 'Overdue orders' });
    expect(overdue).toHaveTextContent('0No order is past its due time.');
    expect(overdue).not.toHaveClass('bg-red-50');
    expect(within(overdue).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says 1,000+ past the count’s limit', async () => {
    fakeApi({ 'GET dashboard/summary': { body: envelope({ ...summary, overdueOrders: 1001 }) } });
    renderPage(<OwnerDashboardPage />);
    expect(await screen.findByRole('group', { name: 'Overdue orders' })).toHaveTextContent('Overdue orders1,000+');
  });

  it('names the years when the period crosses New Year', async () => {
    fakeApi({ 'GET dashboard/summary': { body: envelope({ ...summary, from: '2025-11-23', to: '2026-11-22' }) } });
    renderPage(<OwnerDashboardPage />);
    expect(await screen.findByText('23 Nov 2025 – 22 Nov 2026')).toBeInTheDocument();
  });

  it('checks the low-stock level before saving it, and saves a good one', async () => {
    const api = fakeApi({
      'GET dashboard/summary': { body: envelope(summary) },
      'PUT dashboard/settings': { body: envelope({ lowStockThreshold: 3 }, 'Low-stock level saved.') },
    });
    renderPage(<OwnerDashboardPage />);
    const ui = userEvent.setup();
    const level = await screen.findByLabelText('Low-stock level');
    expect(level).toHaveValue(5);
    await ui.clear(level);
    await ui.type(level, '-2');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The low-stock level must be a whole number from 0 to 100000.');
    expect(api.sent('PUT', 'dashboard/settings')).toHaveLength(0);

    await ui.clear(level);
    await ui.type(level, '3');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Low-stock level saved.')).toBeInTheDocument();
    expect(api.sent('PUT', 'dashboard/settings').map((c) => c.body)).toEqual([{ lowStockThreshold: 3 }]);
    // The figures are asked for again with the new level.
    await waitFor(() => expect(api.sent('GET', 'dashboard/summary')).toHaveLength(2));
  });

  it('says so when the figures cannot be loaded', async () => {
    fakeApi({ 'GET dashboard/summary': { status: 500, body: failure('Something went wrong.') } });
    renderPage(<OwnerDashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded. Please try again.');
  });

  it('speaks Bangla when the shop does', async () => {
    fakeApi({ 'GET dashboard/summary': { body: envelope(summary) } });
    await changeLanguage('bn');
    renderPage(<OwnerDashboardPage />);
    expect(await screen.findByRole('heading', { name: 'ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'সংখ্যায় সেরা ১০ পণ্য' })).toBeInTheDocument();
  });
});

describe('/dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the admin dashboard for an ADMIN, and an ADMIN signing in lands there', async () => {
    fakeApi({
      'POST user/login': { body: envelope({ access_token: 'a', refresh_token: 'r' }) },
      'GET user/get-user': { body: envelope(user('ADMIN')) },
      'GET dashboard/summary': { body: envelope(summary) },
      'GET cart/get-cart-items': { body: envelope([]) },
      'GET category/get-category': { body: envelope([]) },
      'GET subcategory/get-subcategories': { body: envelope([]) },
    });
    const router = openApp(routes, '/login');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), 'admin@haat.test');
    await ui.type(screen.getByLabelText('Password'), 'admin123');
    await ui.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Sales per day' })).toBeInTheDocument();
  });

  it('sends a shopper to their profile', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    fakeApi({
      'GET user/get-user': { body: envelope(user('USER')) },
      'GET cart/get-cart-items': { body: envelope([]) },
      'GET category/get-category': { body: envelope([]) },
      'GET subcategory/get-subcategories': { body: envelope([]) },
    });
    const router = openApp(routes, '/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'), { timeout: 10_000 });
  });
});
