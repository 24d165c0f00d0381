import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import type { PromotionQuote } from '@haat/shared/schemas/promotion';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi, type Call } from '@/test-api';
import { renderPage } from '@/test-utils';
import { CartPage } from './CartPage';

// 2 × 500 = 1000 (no product discount); the inside-Dhaka fee is 60.
const saree = { _id: 'saree1', name: 'Cotton Saree', image: [], unit: '1 pc', price: 500, discount: 0, stock: 9, quantity: 2, maxQuantity: 9 };

const plain: PromotionQuote = { subtotal: 1000, lines: [], discount: 0, delivery_fee: 60, delivery_saving: 0, total: 1060, free_delivery_remaining: null, code_error: null };

/** The fake server's quote: EID10 takes 10 % off; SMALL asks for 500 taka more; anything else is the plain quote. */
function quoteFor(call: Call): PromotionQuote {
  const { code } = call.body as { code?: string };
  if (code === 'EID10')
    return { ...plain, lines: [{ promotion_id: 'p1', name: 'Eid offer', name_bn: 'ঈদ অফার', code: 'EID10', kind: 'percent', saving: 100 }], discount: 100, total: 960 };
  if (code === 'SMALL')
    return { ...plain, code_error: { code: 'PROMO_BELOW_MINIMUM', params: { code: 'SMALL', needed: 500, minimum: 1500 }, message: 'Add 500 taka more to use the voucher SMALL (minimum order 1500 taka).' } };
  return plain;
}

function renderCart(quote: (call: Call) => PromotionQuote = quoteFor) {
  localStorage.setItem('guestCart', JSON.stringify([saree]));
  const api = fakeApi({
    'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) },
    'POST promotion/quote': (call) => ({ body: envelope(quote(call)) }),
  });
  renderPage(<CartPage />, { path: '/cart', routes: [{ path: '/', element: <p>home</p> }], history: ['/'] });
  return api;
}

describe('Cart drawer promotions (issue 22)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('applies a voucher code: its own line with the saving, and the total from the server quote', async () => {
    const api = renderCart();
    const ui = userEvent.setup();
    const bill = await screen.findByTestId('bill-details');
    expect(await within(bill).findByTestId('bill-grand-total')).toHaveTextContent(formatTaka(1060));

    await ui.type(screen.getByLabelText('Voucher code'), 'EID10');
    await ui.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Code EID10 applied')).toBeInTheDocument();
    const line = within(bill).getByTestId('promotion-line');
    expect(line).toHaveTextContent('Eid offer (EID10)');
    expect(line).toHaveTextContent(`−${formatTaka(100)}`);
    expect(within(bill).getByTestId('bill-grand-total')).toHaveTextContent(formatTaka(960));
    // The server priced it: the lines and the code were sent, no amount.
    expect(api.sent('POST', 'promotion/quote').at(-1)?.body).toEqual({ list_items: [{ product_id: 'saree1', quantity: 2 }], delivery_fee: 60, code: 'EID10' });

    // Removing the code asks for the plain quote again.
    await ui.click(screen.getByRole('button', { name: 'Remove code EID10' }));
    expect(await within(bill).findByTestId('bill-grand-total')).toHaveTextContent(formatTaka(1060));
    expect(within(bill).queryByTestId('promotion-line')).not.toBeInTheDocument();
  });

  it('shows why a code does not apply, by its error code, in Bangla', async () => {
    renderCart();
    await act(() => changeLanguage('bn'));
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('ভাউচার কোড'), 'SMALL');
    await ui.click(screen.getByRole('button', { name: 'প্রয়োগ করুন' }));
    const alert = await screen.findByRole('alert');
    // The Bangla of PROMO_BELOW_MINIMUM names the taka still needed, in Bengali digits.
    expect(alert).toHaveTextContent('৫০০');
    expect(alert.textContent).not.toMatch(/Add|voucher/);
    expect(screen.getByTestId('bill-grand-total')).toHaveTextContent(formatTaka(1060));
    expect(screen.queryByTestId('promotion-line')).not.toBeInTheDocument();
  });

  it('shows the free-delivery threshold as progress, and when it is reached', async () => {
    let remaining = 150;
    renderCart(() => ({ ...plain, free_delivery_remaining: remaining }));
    const progress = await screen.findByTestId('free-delivery-progress');
    expect(progress).toHaveTextContent(`Add ${formatTaka(150)} more for free delivery`);
    // 1000 of 1150.
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '87');

    await act(() => changeLanguage('bn'));
    expect(screen.getByTestId('free-delivery-progress')).toHaveTextContent(`ফ্রি ডেলিভারির জন্য আরও ${formatTaka(150)}-এর পণ্য যোগ করুন`);

    remaining = 0;
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Cotton Saree বাড়ান' }));
    expect(await screen.findByText('আপনি ফ্রি ডেলিভারি পাচ্ছেন')).toBeInTheDocument();
  });
});

describe('Cart drawer savings and totals (issue 42)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  // 1 × 1000 at 10 % off = 900 (saves 100); the server's quote takes 10 % off (90) and waives the 60 fee.
  const kurta = { _id: 'kurta1', name: 'Kurta', image: [], unit: '1 pc', price: 1000, discount: 10, stock: 9, quantity: 1, maxQuantity: 9 };
  const promoted: PromotionQuote = {
    subtotal: 900,
    lines: [
      { promotion_id: 'p1', name: 'Eid offer', name_bn: 'ঈদ অফার', code: null, kind: 'percent', saving: 90 },
      { promotion_id: 'p2', name: 'Free delivery over 500', name_bn: '৫০০ টাকার ওপরে ফ্রি ডেলিভারি', code: null, kind: 'free_delivery', saving: 60 },
    ],
    discount: 90,
    delivery_fee: 0,
    delivery_saving: 60,
    total: 810,
    free_delivery_remaining: null,
    code_error: null,
  };

  function renderPromoted() {
    localStorage.setItem('guestCart', JSON.stringify([kurta]));
    fakeApi({
      'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) },
      'POST promotion/quote': () => ({ body: envelope(promoted) }),
    });
    renderPage(<CartPage />, { path: '/cart', routes: [{ path: '/', element: <p>home</p> }], history: ['/'] });
  }

  it('counts every saving in the total savings: product discounts, promotions and free delivery', async () => {
    renderPromoted();
    const bill = await screen.findByTestId('bill-details');
    expect(await within(bill).findByTestId('bill-grand-total')).toHaveTextContent(formatTaka(810));
    // 100 (the product's own 10 %) + 90 (the promotion) + 60 (the delivery waived).
    expect(screen.getByTestId('cart-savings')).toHaveTextContent(formatTaka(250));

    await act(() => changeLanguage('bn'));
    expect(screen.getByText('আপনার মোট সাশ্রয়')).toBeInTheDocument();
    expect(screen.getByTestId('cart-savings')).toHaveTextContent(formatTaka(250));
  });

  it('shows free delivery as one line, and calls the amount in the bottom bar the grand total', async () => {
    renderPromoted();
    const bill = await screen.findByTestId('bill-details');
    await within(bill).findByText('Free delivery over 500');
    const lines = within(bill).getAllByTestId('promotion-line');
    expect(lines.map((l) => l.textContent)).toEqual([`Eid offer−${formatTaka(90)}`, `Free delivery over 500−${formatTaka(60)}`]);
    const bar = screen.getByTestId('cart-total-bar');
    expect(bar).toHaveTextContent(`Grand Total ${formatTaka(810)}`);
    expect(bar).not.toHaveTextContent('Subtotal');

    await act(() => changeLanguage('bn'));
    expect(within(bill).getAllByTestId('promotion-line').map((l) => l.textContent)).toEqual([`ঈদ অফার−${formatTaka(90)}`, `৫০০ টাকার ওপরে ফ্রি ডেলিভারি−${formatTaka(60)}`]);
    expect(screen.getByTestId('cart-total-bar')).toHaveTextContent(`সর্বমোট ${formatTaka(810)}`);
  });
});
