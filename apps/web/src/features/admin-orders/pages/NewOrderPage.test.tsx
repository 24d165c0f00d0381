import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@haat/shared/schemas/catalogue';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi, type Call } from '@/test-api';
import { formatTaka } from '@haat/shared/money';
import type { PromotionQuote } from '@haat/shared/schemas/promotion';
import { orderFixture } from '@/test-orders';
import { renderPage } from '@/test-utils';
import { NewOrderPage } from './NewOrderPage';

const product = (id: string, name: string, stock = 3): Product => ({
  _id: id,
  name,
  description: 'desc',
  name_bn: '',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  unit: '1 piece',
  price: 1000,
  discount: 10,
  image: [],
  stock,
  quantity: 10,
  more_details: {},
  category: [{ _id: 'c1', name: 'Clothing', name_bn: '' }],
  subCategory: [],
  publish: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  price_varies: false,
});

const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };

/** A kurta in two sizes (issue 21): its details carry the options and variants the line chooses from. */
const kurta: Product = {
  ...product('p3', 'Kurta'),
  price: 900,
  discount: 0,
  price_varies: true,
  options: [{ name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: '', swatch: '' }, { value: 'L', value_bn: '', swatch: '' }] }],
  variants: [
    { _id: 'vm', sku: 'KU-M', values: ['M'], price: 900, discount: 0, stock: 2, image: [], publish: true },
    { _id: 'vl', sku: 'KU-L', values: ['L'], price: 950, discount: 0, stock: 0, image: [], publish: true },
  ],
};
/** get-product-details: what adding a product reads (its options and variants). */
const details = (call: Call) => {
  const id = new URL(call.path, 'http://localhost').searchParams.get('productId');
  const found = [product('p1', 'Saree'), kurta].find((p) => p._id === id);
  return { body: envelope(found && { options: [], variants: [], ...found }) };
};

function api() {
  return fakeApi({
    'GET product/get-product-details': details,
    'GET delivery-settings': { body: { ...envelope(settings), ...settings } },
    'POST product/get-all-products': { body: envelope([product('p1', 'Saree'), product('p2', 'Panjabi', 0)], '', { totalPages: 1, totalCount: 2 }) },
    'POST order/manual': { status: 201, body: envelope(orderFixture('o1', 'Pending', { orderId: 'HT-20261125-ABCDEF' }), 'Order placed successfully.') },
  });
}

/** Issue 20 item 9: the phone-order screen, split into a hook and parts, behaves as before. */
describe('New order (phone orders, issue 13)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing and sends nothing', async () => {
    const fake = api();
    const user = userEvent.setup();
    renderPage(<NewOrderPage />);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Add at least one product.')).toBeInTheDocument();
    expect(screen.getByText("Enter the buyer's name")).toBeInTheDocument();
    expect(fake.sent('POST', 'order/manual')).toHaveLength(0);
    // A message goes once its field is edited.
    await user.type(screen.getByLabelText('Name'), 'Rahima');
    expect(screen.queryByText("Enter the buyer's name")).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Saree' }));
    expect(screen.queryByText('Add at least one product.')).not.toBeInTheDocument();
  });

  it('places the order the admin keyed in, then starts the next one under a new key', async () => {
    const fake = api();
    const user = userEvent.setup();
    renderPage(<NewOrderPage />);
    expect(await screen.findByRole('button', { name: 'Add Panjabi' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Saree' }));
    await user.click(screen.getByRole('button', { name: 'Add Saree' }));
    const lines = screen.getByRole('list', { name: 'Order lines' });
    expect(within(lines).getByLabelText('Quantity of Saree')).toHaveValue('2');
    await user.type(screen.getByLabelText('Name'), 'Rahima');
    await user.type(screen.getByLabelText('Mobile'), '+8801712345678');
    await user.tab();
    expect(screen.getByLabelText('Mobile')).toHaveValue('01712345678');
    await user.type(screen.getByLabelText('Address Line'), 'House 1, Road 2');
    await user.type(screen.getByLabelText('City'), 'Dhaka');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(fake.sent('POST', 'order/manual')).toHaveLength(1));
    const first = fake.sent('POST', 'order/manual')[0]!;
    expect(first.body).toEqual({
      customer: { name: 'Rahima', mobile: '01712345678', address_line: 'House 1, Road 2', city: 'Dhaka' },
      method: 'CASH-ON-DELIVERY',
      transaction_id: '',
      note: '',
      list_items: [{ product_id: 'p1', quantity: 2 }],
    });
    expect(first.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('HT-20261125-ABCDEF')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invoice' })).toHaveAttribute('href', expect.stringContaining('o1'));
    expect(screen.getByText('No products added yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Add Saree' }));
    await user.type(screen.getByLabelText('Name'), 'Karim');
    await user.type(screen.getByLabelText('Mobile'), '01812345678');
    await user.type(screen.getByLabelText('Address Line'), 'Village 3');
    await user.type(screen.getByLabelText('City'), 'Sylhet');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.sent('POST', 'order/manual')).toHaveLength(2));
    expect(fake.sent('POST', 'order/manual')[1]!.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
  });

  it('asks which size of a product with variants, prices the line by it, and sends its variant_id (issue 21)', async () => {
    const fake = fakeApi({
      'GET product/get-product-details': details,
      'GET delivery-settings': { body: { ...envelope(settings), ...settings } },
      'POST product/get-all-products': { body: envelope([kurta], '', { totalPages: 1, totalCount: 1 }) },
      'POST order/manual': { status: 201, body: envelope(orderFixture('o1', 'Pending', { orderId: 'HT-20261125-ABCDEF' }), 'Order placed successfully.') },
    });
    const user = userEvent.setup();
    renderPage(<NewOrderPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Kurta' }));
    await user.type(screen.getByLabelText('Name'), 'Rahima');
    await user.type(screen.getByLabelText('Mobile'), '01712345678');
    await user.type(screen.getByLabelText('Address Line'), 'House 1, Road 2');
    await user.type(screen.getByLabelText('City'), 'Dhaka');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose Size of Kurta.')).toBeInTheDocument();
    expect(fake.sent('POST', 'order/manual')).toHaveLength(0);

    const size = screen.getByLabelText('Size or colour of Kurta');
    // A sold-out size cannot be chosen.
    expect(within(size).getByRole('option', { name: /Size: L/ })).toBeDisabled();
    await user.selectOptions(size, 'vm');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.sent('POST', 'order/manual')).toHaveLength(1));
    expect((fake.sent('POST', 'order/manual')[0]!.body as { list_items: unknown }).list_items).toEqual([{ product_id: 'p3', quantity: 1, variant_id: 'vm' }]);
  });

  it('takes the buyer’s voucher code: the server’s quote shows the saving and the total, a refused code says why, and the order carries the code', async () => {
    const quote = (body: { code?: string; list_items: { quantity: number }[] }): PromotionQuote => {
      const subtotal = 900 * body.list_items[0]!.quantity;
      if (body.code === 'EID100') return { subtotal, lines: [{ promotion_id: 'pr1', name: 'Eid offer', name_bn: 'ঈদ অফার', code: 'EID100', kind: 'fixed', saving: 100 }], discount: 100, delivery_fee: 60, delivery_saving: 0, total: subtotal - 100 + 60, free_delivery_remaining: null, code_error: null };
      const code_error = body.code ? { code: 'PROMO_UNKNOWN' as const, params: { code: body.code }, message: `The voucher code ${body.code} does not exist.` } : null;
      return { subtotal, lines: [], discount: 0, delivery_fee: 60, delivery_saving: 0, total: subtotal + 60, free_delivery_remaining: null, code_error };
    };
    const fake = fakeApi({
      'GET product/get-product-details': details,
      'GET delivery-settings': { body: { ...envelope(settings), ...settings } },
      'POST product/get-all-products': { body: envelope([product('p1', 'Saree')], '', { totalPages: 1, totalCount: 1 }) },
      'POST promotion/quote': (call: Call) => ({ body: envelope(quote(call.body as never)) }),
      'POST order/manual': { status: 201, body: envelope(orderFixture('o1', 'Pending', { orderId: 'HT-20261125-ABCDEF' }), 'Order placed successfully.') },
    });
    const user = userEvent.setup();
    renderPage(<NewOrderPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Saree' }));
    await user.type(screen.getByLabelText('Address Line'), 'House 1, Road 2');
    await user.type(screen.getByLabelText('City'), 'Dhaka');
    await user.type(screen.getByLabelText('Voucher code'), 'nope{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The voucher code NOPE does not exist.');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.type(screen.getByLabelText('Voucher code'), 'eid100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Eid offer (EID100)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('new-order-total')).toHaveTextContent(formatTaka(860)));

    await user.type(screen.getByLabelText('Name'), 'Rahima');
    await user.type(screen.getByLabelText('Mobile'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.sent('POST', 'order/manual')).toHaveLength(1));
    expect(fake.sent('POST', 'order/manual')[0]!.body).toMatchObject({ voucher_code: 'EID100', list_items: [{ product_id: 'p1', quantity: 1 }] });
  });
  it('in Bangla the picker and the lines name the products in Bangla (English where none), units too (issue 42)', async () => {
    const sareeBn = { ...product('p1', 'Saree'), name_bn: 'শাড়ি' };
    const kurtaBn = { ...kurta, name_bn: 'কুর্তা' };
    fakeApi({
      'GET product/get-product-details': (call: Call) => {
        const id = new URL(call.path, 'http://localhost').searchParams.get('productId');
        return { body: envelope([sareeBn, kurtaBn].find((p) => p._id === id)) };
      },
      'GET delivery-settings': { body: { ...envelope(settings), ...settings } },
      'POST product/get-all-products': { body: envelope([sareeBn, kurtaBn, product('p2', 'Panjabi')], '', { totalPages: 1, totalCount: 3 }) },
    });
    await changeLanguage('bn');
    const user = userEvent.setup();
    renderPage(<NewOrderPage />);
    const found = await screen.findByRole('list', { name: 'পাওয়া পণ্য' });
    await within(found).findByText('শাড়ি');
    expect(within(found).getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent)).toEqual(['শাড়ি · ১ পিস', 'কুর্তা · ১ পিস', 'Panjabi · ১ পিস']);
    expect(within(found).queryByText(/Saree|Kurta/)).toBeNull();

    await user.click(within(found).getByRole('button', { name: 'কুর্তা যোগ করুন' }));
    const lines = await screen.findByRole('list', { name: 'অর্ডারের পণ্য' });
    expect(await within(lines).findByLabelText('কুর্তা-এর সাইজ বা রং')).toBeInTheDocument();
    expect(within(lines).getByLabelText('কুর্তা-এর পরিমাণ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'অর্ডার দিন' }));
    expect(await screen.findByText(/কুর্তা-এর সাইজ বেছে নিন।/)).toBeInTheDocument();
  });
});
