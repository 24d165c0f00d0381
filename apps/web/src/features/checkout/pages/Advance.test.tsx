import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { CheckoutPage } from './CheckoutPage';

/** Issue 44 (decision 0114): a COD order the shop asks an advance of says what is paid now and on delivery, then goes to bKash. */
const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
const dhaka = { _id: 'a1', name: 'Karim Ahmed', address_line: 'Road 2, Dhanmondi', city: 'Dhaka', mobile: '01711111111' };
const product = { _id: 'p1', name: 'Rice 5kg', image: [], unit: '1 bag', price: 1200, discount: 0, stock: 9, quantity: 1, maxQuantity: 9 };

describe('the partial advance on the checkout', () => {
  const routes = (advance: number) => ({
    'GET delivery-settings': { body: envelope(settings) },
    'POST order/incomplete': { body: envelope(null, 'Noted.') },
    'POST order/advance': { body: envelope({ total: 1260, advance, due_on_delivery: 1260 - advance }) },
  });
  beforeEach(() => {
    localStorage.setItem('guestAddress', JSON.stringify([dhaka]));
    localStorage.setItem('guestCart', JSON.stringify([product]));
    fakeApi({
      ...routes(60),
      'POST order': { status: 201, body: envelope({ _id: 'o1', orderId: 'HT-1', payment_status: 'CASH-ON-DELIVERY', total_amount: 1260, advance_amount: 60, due_on_delivery: 1260, bkashURL: 'https://sandbox.bka.sh/pay/1' }, 'Order placed successfully.') },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function placeCod(cashOnDelivery: string, consent: RegExp) {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings } });
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    await user.click(screen.getByRole('checkbox', { name: consent }));
    await user.click(screen.getByRole('button', { name: cashOnDelivery }));
    return { user, assign };
  }

  it('in English: the amounts now and on delivery, then bKash’s page', async () => {
    const { user, assign } = await placeCod('Cash On Delivery', /I agree to the shop’s Terms/);
    const dialog = await screen.findByRole('dialog', { name: 'Pay the advance by bKash' });
    const split = within(dialog).getByTestId('advance-split');
    expect(split).toHaveTextContent('Pay now by bKash৬০.০০৳');
    expect(split).toHaveTextContent('Pay on delivery১,২০০.০০৳');
    expect(split).toHaveTextContent('Order total১,২৬০.০০৳');
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Pay ৬০.০০৳ with bKash' }));
    expect(assign).toHaveBeenCalledWith('https://sandbox.bka.sh/pay/1');
  });

  it('in Bangla, every word Bangla', async () => {
    await act(() => changeLanguage('bn'));
    const { user, assign } = await placeCod('ক্যাশ অন ডেলিভারি', /শর্তাবলি/);
    const dialog = await screen.findByRole('dialog', { name: 'বিকাশে অগ্রিম দিন' });
    expect(within(dialog).getByTestId('advance-split')).toHaveTextContent('এখন বিকাশে দিন৬০.০০৳ডেলিভারির সময় দিন১,২০০.০০৳অর্ডারের মোট১,২৬০.০০৳');
    expect(dialog.textContent).not.toMatch(/[A-Za-z]/);
    await user.click(within(dialog).getByRole('button', { name: 'বিকাশে ৬০.০০৳ দিন' }));
    expect(assign).toHaveBeenCalledWith('https://sandbox.bka.sh/pay/1');
  });

  // Decision 0130: the split is on the page beside Cash On Delivery as soon as the address is chosen, before any press.
  async function chooseAddress() {
    renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings } });
    await userEvent.setup().click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    return screen.findByTestId('advance-preview');
  }

  it('before anything is pressed, beside Cash On Delivery: what is paid now and on delivery (English)', async () => {
    const preview = await chooseAddress();
    expect(preview).toHaveTextContent('Cash on delivery for this order');
    expect(within(preview).getByTestId('advance-preview-split')).toHaveTextContent('Pay now by bKash৬০.০০৳Pay on delivery১,২০০.০০৳Order total১,২৬০.০০৳');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('before anything is pressed, in Bangla, every word Bangla', async () => {
    await act(() => changeLanguage('bn'));
    const preview = await chooseAddress();
    expect(preview).toHaveTextContent('এই অর্ডারে ক্যাশ অন ডেলিভারি');
    expect(within(preview).getByTestId('advance-preview-split')).toHaveTextContent('এখন বিকাশে দিন৬০.০০৳ডেলিভারির সময় দিন১,২০০.০০৳অর্ডারের মোট১,২৬০.০০৳');
    expect(preview.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('no advance asked: no split, the order is plain cash on delivery', async () => {
    fakeApi(routes(0));
    renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings } });
    await userEvent.setup().click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    await screen.findByTestId('checkout-grand-total');
    expect(screen.queryByTestId('advance-preview')).toBeNull();
  });
});
