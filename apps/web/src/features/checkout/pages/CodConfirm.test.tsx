import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { CodConfirmStep } from '../components/CodConfirmStep';
import { CheckoutPage } from './CheckoutPage';

/** Issue 26: the COD confirmation step on the checkout page, and the incomplete-checkout report. */
const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
const dhaka = { _id: 'a1', name: 'Karim Ahmed', address_line: 'Road 2, Dhanmondi', city: 'Dhaka', mobile: '01711111111' };
const product = { _id: 'p1', name: 'Rice 5kg', image: [], unit: '1 bag', price: 8000, discount: 0, stock: 9, quantity: 1, maxQuantity: 9 };
const confirmRequired = { success: false, error: true, code: 'COD_CONFIRM_REQUIRED', params: {}, message: 'Please confirm your mobile number with the code we send by SMS to place this cash-on-delivery order.', data: null };
const wrongCode = { success: false, error: true, code: 'OTP_CODE_WRONG', params: { left: 4 }, message: 'That code is not right. 4 tries left.', data: null };

describe('the COD confirmation step', () => {
  beforeEach(() => {
    localStorage.setItem('guestAddress', JSON.stringify([dhaka]));
    localStorage.setItem('guestCart', JSON.stringify([product]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the SMS code on the same page, places nothing on a wrong code, and places with the right one', async () => {
    const api = fakeApi({
      'GET delivery-settings': { body: envelope(settings) },
      'POST order/incomplete': { body: envelope(null, 'Noted.') },
      'POST order/cod-confirm/send': { body: envelope({ resend_after_seconds: 60 }, 'Code sent.') },
      'POST order': (call) => {
        const otp = (call.body as { cod_otp?: string }).cod_otp;
        if (!otp) return { status: 409, body: confirmRequired };
        if (otp !== '123456') return { status: 400, body: wrongCode };
        return { status: 201, body: envelope({ _id: 'o1', orderId: 'HT-1', total_amount: 8060 }, 'Order placed successfully.') };
      },
    });
    const user = userEvent.setup();
    renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings }, routes: [{ path: '/order-success', element: <p>success page</p> }] });
    // The checkout says what it keeps of the mobile.
    expect(await screen.findByTestId('mobile-kept')).toHaveTextContent('keeps this mobile number and your cart for up to 30 days');
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    // The chosen address's mobile and the cart are reported once.
    await waitFor(() => expect(api.sent('POST', 'order/incomplete')).toHaveLength(1));
    // With this browser's own id (issue 41): the shop keeps the entry per mobile and browser.
    // With the recipient's name and address (issue 42): the owner's phone order opens with them.
    expect(api.sent('POST', 'order/incomplete')[0]!.body).toEqual({
      mobile: '01711111111',
      list_items: [{ product_id: 'p1', quantity: 1 }],
      lang: 'en',
      browser_id: localStorage.getItem('haat_browser_id'),
      name: 'Karim Ahmed',
      address_line: 'Road 2, Dhanmondi',
      city: 'Dhaka',
    });
    expect(localStorage.getItem('haat_browser_id')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    // The terms and data-use box first (issue 27, decision 0077).
    await user.click(screen.getByRole('checkbox', { name: /I agree to the shop’s Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Cash On Delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your mobile number' });
    expect(dialog).toHaveTextContent('We sent a 6-digit code by SMS to 01711111111');
    await waitFor(() => expect(api.sent('POST', 'order/cod-confirm/send')).toHaveLength(1));
    expect(api.sent('POST', 'order/cod-confirm/send')[0]!.body).toEqual({ mobile: '01711111111' });

    const place = screen.getByRole('button', { name: 'Confirm and place order' });
    expect(place).toBeDisabled();
    await user.click(screen.getByLabelText('Digit 1'));
    await user.paste('654321');
    await user.click(place);
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();
    expect(screen.queryByText('success page')).not.toBeInTheDocument();
    expect((screen.getByLabelText('Digit 1') as HTMLInputElement).value).toBe('');

    await user.click(screen.getByLabelText('Digit 1'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and place order' }));
    expect(await screen.findByText('success page')).toBeInTheDocument();
    const orders = api.sent('POST', 'order').filter((c) => c.path === 'order');
    expect(orders.map((c) => (c.body as { cod_otp?: string }).cod_otp)).toEqual([undefined, '654321', '123456']);
    // One checkout, one Idempotency-Key.
    expect(new Set(orders.map((c) => c.headers['idempotency-key'])).size).toBe(1);
  });

  it('reports a mobile typed in the address dialog, before the address is saved, and says it is kept', async () => {
    localStorage.setItem('guestAddress', JSON.stringify([]));
    const api = fakeApi({ 'GET delivery-settings': { body: envelope(settings) }, 'POST order/incomplete': { body: envelope(null, 'Noted.') } });
    const user = userEvent.setup();
    renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings } });
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('mobile-note')).toHaveTextContent('keeps this mobile number and your cart');
    await user.type(within(dialog).getByLabelText('Mobile'), '+৮৮০ ১৯১২-৩৪৫৬৭৮');
    await user.tab();
    await waitFor(() => expect(api.sent('POST', 'order/incomplete')).toHaveLength(1));
    expect(api.sent('POST', 'order/incomplete')[0]!.body).toMatchObject({ mobile: '01912345678', list_items: [{ product_id: 'p1', quantity: 1 }] });
  });

  it('reports the name, address and city typed in the dialog with the mobile, each field left adding to it (issue 42)', async () => {
    localStorage.setItem('guestAddress', JSON.stringify([]));
    const api = fakeApi({ 'GET delivery-settings': { body: envelope(settings) }, 'POST order/incomplete': { body: envelope(null, 'Noted.') } });
    const user = userEvent.setup();
    renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings } });
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    const dialog = screen.getByRole('dialog');
    // Typed before the mobile: nothing goes until the mobile is valid.
    await user.type(within(dialog).getByLabelText("Recipient's name"), '  Rahima Khatun ');
    await user.type(within(dialog).getByLabelText('Address Line'), 'House 9, Road 3, Mirpur');
    await user.type(within(dialog).getByLabelText('Mobile'), '01912345678');
    await user.tab();
    await waitFor(() => expect(api.sent('POST', 'order/incomplete')).toHaveLength(1));
    const first = api.sent('POST', 'order/incomplete')[0]!.body as Record<string, unknown>;
    expect(first).toMatchObject({ mobile: '01912345678', name: 'Rahima Khatun', address_line: 'House 9, Road 3, Mirpur' });
    // The city not typed yet is left out (the shop keeps what it had), then sent once it is.
    expect(first).not.toHaveProperty('city');
    await user.type(within(dialog).getByLabelText('City'), 'Dhaka');
    await user.tab();
    await waitFor(() => expect(api.sent('POST', 'order/incomplete')).toHaveLength(2));
    expect(api.sent('POST', 'order/incomplete')[1]!.body).toMatchObject({ mobile: '01912345678', name: 'Rahima Khatun', address_line: 'House 9, Road 3, Mirpur', city: 'Dhaka', browser_id: localStorage.getItem('haat_browser_id') });
  });
});

/** Issue 42: a sentence naming a mobile writes it in the page's digits, one kind in a sentence. */
describe('the mobile in the COD confirmation sentence', () => {
  const step = () => renderPage(<CodConfirmStep mobile="01711111111" placing={false} sending={false} onPlace={() => {}} onResend={() => {}} onClose={() => {}} />);

  it('in Bangla, in Bengali digits like the rest of the sentence', async () => {
    await act(() => changeLanguage('bn'));
    step();
    const sentence = screen.getByText(/নম্বরে এসএমএসে/);
    expect(sentence).toHaveTextContent('০১৭১১১১১১১১ নম্বরে এসএমএসে ৬ অঙ্কের একটি কোড পাঠানো হয়েছে।');
    expect(sentence.textContent).not.toMatch(/[0-9]/);
  });

  it('in English, in Latin digits', () => {
    step();
    expect(screen.getByText(/We sent a 6-digit code/)).toHaveTextContent('We sent a 6-digit code by SMS to 01711111111.');
  });
});
