import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import type { CourierSuggestion, CourierView } from '@haat/shared/schemas/courier';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { AllOrdersPage } from '../pages/AllOrdersPage';
import { ShippingCostPage } from '../pages/ShippingCostPage';
import { adminOrder, orderList } from '../test-fixtures';

/** Issue 46 (decision 0122): the suggested courier on the booking dialog, and Courier by district on the delivery settings. */
const order = adminOrder('a', 'Pending', { orderId: 'HT-20261207-A', total_amount: 1200, guest_user_delivery_address: { address_line: 'Road 2, Gulshan', city: 'Dhaka', mobile: '01712345678' } });
const providers = {
  body: envelope([
    { provider: 'steadfast', label: 'Steadfast', places: false },
    { provider: 'redx', label: 'RedX', places: false },
  ]),
};
const suggestion: CourierSuggestion = {
  city_id: null,
  zone_id: null,
  district: 'dhaka',
  suggested: 'redx',
  rule: 'district',
  options: [
    { provider: 'steadfast', price: null, price_source: null, delivered: 0, finished: 0 },
    { provider: 'redx', price: 72, price_source: 'courier', delivered: 8, finished: 10 },
    { provider: 'pathao', price: 91, price_source: 'rate_card', delivered: 0, finished: 0 },
  ],
};
const booked: CourierView = { provider: 'redx', consignment_id: '20A313THJA1', tracking_code: '20A313THJA1', status: 'pickup-pending', stage: 'booked', timeline: [] };

describe('the courier by district', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('suggests the district’s courier with each courier’s price and delivered share, and books with it', async () => {
    const api = fakeApi({
      'GET order/get-all-order': orderList([order]),
      'GET courier/providers': providers,
      'GET order/a/courier': { body: envelope(suggestion) },
      'POST order/a/courier': { body: envelope({ ...order, courier: booked }, 'Courier booked.') },
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const card = await screen.findByRole('article', { name: 'Order HT-20261207-A' });
    await user.click(within(card).getByRole('button', { name: 'Book courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book courier for HT-20261207-A' });
    const options = await within(dialog).findByRole('region', { name: 'Delivery options for this address' });
    expect(options).toHaveTextContent('Suggested: RedX (your courier for Dhaka)');
    expect(within(options).getByRole('listitem', { name: 'RedX' })).toHaveTextContent(`RedX${formatTaka(72)}(RedX's price)8 of 10 delivered in Dhaka (80%).`);
    expect(within(options).getByRole('listitem', { name: 'Pathao' })).toHaveTextContent(`Pathao${formatTaka(91)}(your rate card)No finished parcels with it in Dhaka yet.`);
    expect(within(options).getByRole('listitem', { name: 'Steadfast' })).toHaveTextContent('Steadfastno price from the courierNo finished parcels with it in Dhaka yet.');
    expect(within(dialog).getByLabelText('Courier')).toHaveValue('redx');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    await within(card).findByRole('group', { name: 'Courier' });
    expect(api.sent('POST', 'order/a/courier').map((c) => c.body)).toEqual([{ provider: 'redx' }]);
  });

  it('says it in Bangla, with Bengali digits', async () => {
    fakeApi({ 'GET order/get-all-order': orderList([order]), 'GET courier/providers': providers, 'GET order/a/courier': { body: envelope(suggestion) } });
    await changeLanguage('bn');
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const card = await screen.findByRole('article', { name: 'অর্ডার HT-20261207-A' });
    await user.click(within(card).getByRole('button', { name: 'কুরিয়ার বুক করুন' }));
    const options = await screen.findByRole('region', { name: 'এই ঠিকানায় পাঠানোর উপায়' });
    expect(options).toHaveTextContent('প্রস্তাবিত: RedX (ঢাকা-এর জন্য আপনার কুরিয়ার)');
    expect(within(options).getByRole('listitem', { name: 'RedX' })).toHaveTextContent('(RedX-এর দাম)ঢাকা-এ ১০টির মধ্যে ৮টি ডেলিভারি হয়েছে (৮০%)।');
    expect(within(options).getByRole('listitem', { name: 'Pathao' })).toHaveTextContent('(আপনার রেট কার্ড)');
  });

  it('saves Courier by district: the fallback, a zone and a district, all at once', async () => {
    const api = fakeApi({
      'GET delivery-settings': { body: envelope({ insideDhaka: 60, outsideDhaka: 120, freeDelivery: false }) },
      'GET deadline-settings': { body: envelope({ handoverHours: 48, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 }) },
      'GET courier/providers': providers,
      'GET courier/rules': { body: envelope({ rules: [], fallback: null }) },
      'PUT courier/rules': (call) => ({ body: envelope(call.body, 'Couriers by district saved.') }),
    });
    const user = userEvent.setup();
    renderPage(<ShippingCostPage />, { signedInAs: 'ADMIN' });
    const rules = await screen.findByRole('region', { name: 'Courier by district' });
    await within(rules).findAllByRole('option', { name: 'RedX' });
    await user.selectOptions(await within(rules).findByRole('combobox', { name: 'Fallback courier' }), 'steadfast');
    await user.selectOptions(within(rules).getByRole('combobox', { name: 'Courier outside Dhaka' }), 'steadfast');
    await user.selectOptions(within(rules).getByRole('combobox', { name: 'District' }), 'sylhet');
    await user.click(within(rules).getByRole('button', { name: 'Add a district' }));
    await user.selectOptions(within(rules).getByRole('combobox', { name: 'Courier for Sylhet' }), 'redx');
    await user.click(within(rules).getByRole('button', { name: 'Save couriers' }));
    expect(await screen.findByText('Couriers by district saved.')).toBeInTheDocument();
    expect(api.sent('PUT', 'courier/rules').map((c) => c.body)).toEqual([{ rules: [{ area: 'outside_dhaka', provider: 'steadfast' }, { area: 'sylhet', provider: 'redx' }], fallback: 'steadfast' }]);
  });
});
