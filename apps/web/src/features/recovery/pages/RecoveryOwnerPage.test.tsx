import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { RecoveryOwnerPage } from './RecoveryOwnerPage';

function openPage(save: { status?: number; body: object } = { body: { ...envelope({ on: true, delays_hours: [2, 48], voucher_taka: 100, voucher_min_subtotal: 0 }), message: 'Checkout recovery saved.' } }) {
  const api = fakeApi({
    'GET recovery/settings': { body: envelope({ on: false, delays_hours: [1, 24, 72], voucher_taka: 0, voucher_min_subtotal: 0 }) },
    'PUT recovery/settings': save,
    'GET recovery/weeks': { body: envelope([{ week: '2026-11-30', sent: 12, clicked: 5, recovered: 2, revenue: 3400 }]) },
    'GET stock-alert/most-asked': {
      body: envelope([{ product_id: 'p1', variant_id: 'v1', name: 'Cotton Kurta', name_bn: 'সুতির কুর্তা', options: [{ name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' }], stock: 0, waiting: 7, wishlisted: 3 }]),
    },
  });
  renderPage(<RecoveryOwnerPage />, { signedInAs: 'ADMIN' });
  return api;
}

/** Issue 45: the owner's settings, the weekly figures and the most-asked sold-out items, in both languages. */
describe('Bringing shoppers back (owner)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('en'));
  });

  it('in English: turns recovery on with two delays and a voucher, and shows the week and the most-asked size', async () => {
    const api = openPage();
    await userEvent.click(await screen.findByLabelText('Send recovery SMS'));
    const delay = (n: number) => screen.getByLabelText(`SMS ${n}: hours after the checkout (blank: none)`);
    await userEvent.clear(delay(1));
    await userEvent.type(delay(1), '2');
    await userEvent.clear(delay(2));
    await userEvent.type(delay(2), '48');
    await userEvent.clear(delay(3));
    await userEvent.clear(screen.getByLabelText('Voucher on the last SMS, in taka (0: none)'));
    await userEvent.type(screen.getByLabelText('Voucher on the last SMS, in taka (0: none)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Checkout recovery saved.')).toBeInTheDocument();
    expect(api.sent('PUT', 'recovery/settings')[0]!.body).toEqual({ on: true, delays_hours: [2, 48], voucher_taka: 100, voucher_min_subtotal: 0 });
    expect(await screen.findByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '৩,৪০০.০০৳' })).toBeInTheDocument();
    // The week's Monday in Dhaka is that day in any browser's zone, with no time of day.
    expect(screen.getByRole('cell', { name: '30 Nov 2026' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Cotton Kurta (Size: L)' })).toBeInTheDocument();
  });

  it('in Bangla: the page, its figures in Bengali digits, and a refusal are in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    openPage({ status: 400, body: { success: false, error: true, message: 'x', data: null, code: 'RECOVERY_SETTINGS_INVALID', params: {} } });
    expect(await screen.findByRole('heading', { level: 1, name: 'ক্রেতা ফিরিয়ে আনা' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '১২' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '৩০ নভে, ২০২৬' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'সুতির কুর্তা (সাইজ: এল)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(await screen.findByText('এক থেকে তিনটি বিরতি ঘণ্টায় দিন, প্রতিটি আগেরটির চেয়ে পরে এবং সর্বোচ্চ ৭২০ ঘণ্টা (৩০ দিন)।')).toBeInTheDocument();
  });
});
