import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { CheckoutPage } from './CheckoutPage';
import { OrderCancelPage } from './OrderCancelPage';
import { OrderSuccessPage } from './OrderSuccessPage';

const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
const dhaka = { _id: 'a1', name: 'Karim Ahmed', address_line: 'Road 2, Dhanmondi', city: 'Dhaka', mobile: '01711111111' };
const sylhet = { _id: 'a2', name: 'Salma Begum', address_line: 'Zindabazar', city: 'Sylhet', mobile: '01822222222' };
const banglaDhaka = { _id: 'a3', name: 'রহিম উদ্দিন', address_line: 'বাড়ি ৭, মিরপুর', city: 'ঢাকা', mobile: '01733333333' };
const product = { _id: 'p1', name: 'Rice 5kg', image: [], unit: '1 bag', price: 800, discount: 25, stock: 9, quantity: 2, maxQuantity: 9 };

interface Sent {
  url: string;
  body: Record<string, unknown>;
  key: string | null;
}

function stubApi(sent: Sent[]) {
  let release: () => void = () => {};
  const orderHeld = new Promise<void>((r) => (release = r));
  fakeApi({
    'GET delivery-settings': { body: envelope(settings) },
    'GET shop-info': { body: envelope({ walletNumber: '01700000000', phone: '', email: '', social: {} }) },
    'POST order': async (call) => {
      sent.push({ url: `/api/${call.path}`, body: call.body as Record<string, unknown>, key: call.headers['idempotency-key'] ?? null });
      await orderHeld;
      return { body: envelope({ _id: 'o1', orderId: 'HT-1', total_amount: 1 }, 'Order placed successfully.') };
    },
  });
  return release;
}

function renderCheckout(state?: unknown) {
  renderPage(<CheckoutPage />, { path: '/checkout', state, routes: [{ path: '/order-success', element: <p>success page</p> }] });
}

/** The checkout's terms and data-use box (issue 27, decision 0077). */
const consentBox = () => screen.getByRole('checkbox', { name: /I agree to the shop’s Terms and Conditions/ });

describe('CheckoutPage (guest)', () => {
  beforeEach(() => {
    localStorage.setItem('guestAddress', JSON.stringify([dhaka, sylhet, banglaDhaka]));
    localStorage.setItem('guestCart', JSON.stringify([product]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps both payment buttons disabled until an address is chosen, then applies the Dhaka fee rule', async () => {
    stubApi([]);
    const user = userEvent.setup();
    renderCheckout({ deliverySettings: settings });
    expect(await screen.findByRole('heading', { name: 'Choose Your Address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Online Payment' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cash On Delivery' })).toBeDisabled();
    // Before an address: the inside-Dhaka fee. 2 × 600 = 1200.
    expect(await screen.findByTestId('checkout-delivery')).toHaveTextContent(formatTaka(60));

    await user.click(screen.getByRole('radio', { name: /Zindabazar/ }));
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent(formatTaka(120));
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent(formatTaka(1320));
    expect(screen.getByTestId('checkout-items-total')).toHaveTextContent(`${formatTaka(1600)}${formatTaka(1200)}`);
    // The terms and data-use box starts unticked and holds both buttons back (issue 27).
    expect(consentBox()).not.toBeChecked();
    expect(screen.getByText('Tick the box to place your order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cash On Delivery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Online Payment' })).toBeDisabled();
    await user.click(consentBox());
    expect(screen.getByRole('button', { name: 'Cash On Delivery' })).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: /Dhanmondi/ }));
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent(formatTaka(60));

    // Dhaka typed in Bangla is Dhaka: the inside fee, not the outside one.
    await user.click(screen.getByRole('radio', { name: /মিরপুর/ }));
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent(formatTaka(60));
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent(formatTaka(1260));
  });

  it('sends one order with an Idempotency-Key however often Cash On Delivery is pressed', async () => {
    const sent: Sent[] = [];
    const release = stubApi(sent);
    const user = userEvent.setup();
    renderCheckout({ deliverySettings: settings });
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    await user.click(consentBox());
    const cod = screen.getByRole('button', { name: 'Cash On Delivery' });
    await user.click(cod);
    await user.click(cod);
    await user.dblClick(cod);
    release();
    expect(await screen.findByText('success page')).toBeInTheDocument();

    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[0]!.body).toEqual({
      method: 'CASH-ON-DELIVERY',
      mobile: dhaka.mobile,
      transaction_id: '',
      note: '',
      list_items: [{ product_id: 'p1', quantity: 2 }],
      guest_user_delivery_address: { name: 'Karim Ahmed', address_line: dhaka.address_line, city: dhaka.city, mobile: dhaka.mobile },
      consent: true,
    });
    expect(localStorage.getItem('guestCart')).toBe('[]');
  });

  it('orders only the Buy Now product when it arrives as navigation state', async () => {
    const sent: Sent[] = [];
    const release = stubApi(sent);
    release();
    const user = userEvent.setup();
    const phone = { _id: 'p9', name: 'Samsung Phone', image: [], unit: '1 pc', price: 20000, discount: 0, stock: 3, quantity: 2 };
    renderCheckout({ product: phone, quantity: 1, deliverySettings: { ...settings, freeDelivery: true } });
    expect(await screen.findByText('Samsung Phone')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Zindabazar/ }));
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-grand-total')).toHaveTextContent(formatTaka(20000));
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Cash On Delivery' }));
    await screen.findByText('success page');
    expect(sent[0]!.body.list_items).toEqual([{ product_id: 'p9', quantity: 1 }]);
    // Buying one thing now leaves the rest of the guest's cart alone.
    expect(JSON.parse(localStorage.getItem('guestCart')!).map((l: { _id: string }) => l._id)).toEqual([product._id]);
  });

  it("asks for the recipient's name of an address saved without one, keeps it in the address book and sends it with the order", async () => {
    const sent: Sent[] = [];
    stubApi(sent)();
    const unnamed = { _id: 'a9', address_line: 'House 4, Uttara', city: 'Dhaka', mobile: '01744444444' };
    localStorage.setItem('guestAddress', JSON.stringify([unnamed]));
    const user = userEvent.setup();
    renderCheckout({ deliverySettings: settings });
    await user.click(await screen.findByRole('radio', { name: /Uttara/ }));
    expect(screen.getByRole('alert')).toHaveTextContent("Add the recipient's name to this address before placing the order.");
    expect(screen.getByRole('button', { name: 'Cash On Delivery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Online Payment' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: "Add the recipient's name" }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText("Enter the recipient's name")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Recipient's name"), 'Nasrin Akter');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByTestId('recipient-name')).toHaveTextContent('Nasrin Akter');
    expect(JSON.parse(localStorage.getItem('guestAddress')!)).toEqual([{ ...unnamed, name: 'Nasrin Akter' }]);
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Cash On Delivery' }));
    await screen.findByText('success page');
    expect(sent[0]!.body.guest_user_delivery_address).toEqual({ name: 'Nasrin Akter', address_line: unnamed.address_line, city: unnamed.city, mobile: unnamed.mobile });
  });

  const cartIds = () => JSON.parse(localStorage.getItem('guestCart')!).map((l: { _id: string }) => l._id);

  /** Places a guest order through bKash checkout, up to the moment the shopper is sent to bKash's page. */
  async function placeBkashOrder() {
    fakeApi({
      'GET delivery-settings': { body: envelope(settings) },
      'GET shop-info': { body: envelope({ walletNumber: '01700000000', phone: '', email: '', social: {}, bkashCheckout: true }) },
      'POST order': { body: envelope({ _id: 'o1', orderId: 'HT-1', total_amount: 1260, bkashURL: 'https://sandbox.bka.sh/pay/1' }, 'Order placed successfully.') },
    });
    // Going to bKash's page is a real navigation, which the test only records.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    const view = renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings } });
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Online Payment' }));
    await user.click(await screen.findByRole('radio', { name: 'Bkash' }));
    await user.type(screen.getByLabelText('Mobile Number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Pay with bKash' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.bka.sh/pay/1'));
    vi.unstubAllGlobals();
    view.unmount();
  }

  it('keeps the guest cart when the bKash payment is cancelled', async () => {
    await placeBkashOrder();
    expect(cartIds()).toEqual([product._id]);
    // The shopper cancels on bKash's page; the callback sends them to /order-cancel.
    renderPage(<OrderCancelPage />, { url: '/order-cancel?reason=cancelled', path: '/order-cancel' });
    expect(await screen.findByTestId('cancel-reason')).toHaveTextContent('You cancelled the bKash payment.');
    expect(cartIds()).toEqual([product._id]);
  });

  it('empties the guest cart of a bKash order once the payment is confirmed', async () => {
    await placeBkashOrder();
    expect(cartIds()).toEqual([product._id]);
    renderPage(<OrderSuccessPage />, { url: '/order-success?text=Payment', path: '/order-success' });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    await vi.waitFor(() => expect(cartIds()).toEqual([]));
  });
});
