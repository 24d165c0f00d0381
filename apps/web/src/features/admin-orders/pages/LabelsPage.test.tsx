import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { adminOrder } from '../test-fixtures';
import { LabelsPage } from './LabelsPage';

const order = adminOrder('o1', 'Pending', { total_amount: 1241 });
const shop = { name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' };

function printLabels() {
  fakeApi({ 'GET order/print': { body: envelope([order]) }, 'GET shop-info': { body: envelope(shop) } });
  renderPage(<LabelsPage />, { path: '/dashboard/labels', url: '/dashboard/labels?ids=o1' });
}

describe('shipping labels: one digit rule (decision 0050)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('printed in Bangla has the phone numbers in Bengali digits, like the amount', async () => {
    await act(() => i18n.changeLanguage('bn'));
    printLabels();
    const label = await screen.findByRole('article', { name: `লেবেল ${order.orderId}` });
    expect(label).toHaveTextContent('০১৮১২৩৪৫৬৭৮');
    expect(label).toHaveTextContent('১,২৪১.০০৳');
    expect(label).toHaveTextContent('প্রেরক Haat · ০১৭০০০০০০০০');
    expect(screen.getByRole('region', { name: 'লেবেল শিট ১' })).toBeInTheDocument();
  });

  it('printed in English has Latin phone numbers; the amount stays bn-BD (the spec)', async () => {
    printLabels();
    const label = await screen.findByRole('article', { name: `Label ${order.orderId}` });
    expect(label).toHaveTextContent('01812345678');
    expect(label).toHaveTextContent('১,২৪১.০০৳');
    expect(label).toHaveTextContent('From Haat · 01700000000');
  });
});
