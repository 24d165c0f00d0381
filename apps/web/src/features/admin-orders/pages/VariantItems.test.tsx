import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { variantItem } from '@/test-orders';
import { renderPage } from '@/test-utils';
import { adminOrder, orderList } from '../test-fixtures';
import { AllOrdersPage } from './AllOrdersPage';
import { InvoicePage } from './InvoicePage';
import { LabelsPage } from './LabelsPage';

const plainItem = adminOrder('x').product_details[0]!; // Samsung A15, no options
const order = adminOrder('o1', 'Pending', { orderId: 'HT-V1', product_details: [variantItem(), plainItem] });
const shop = { 'GET shop-info': { body: envelope({ name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' }) } };

describe('order items name their chosen options (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on the admin order card', async () => {
    fakeApi({ 'GET order/get-all-order': orderList([order]) });
    renderPage(<AllOrdersPage />);
    const card = await screen.findByRole('article', { name: 'Order HT-V1' });
    expect(within(card).getAllByTestId('chosen-options').map((e) => e.textContent)).toEqual(['Size: L, Colour: Red']);
  });

  it('on the invoice, with the SKU; in Bangla the Bangla names and values', async () => {
    fakeApi({ 'GET order/print': { body: envelope([order]) }, ...shop });
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    const row = (await screen.findByText('Cotton Kurta')).closest('tr')!;
    expect(within(row).getByText('Size: L, Colour: Red')).toBeInTheDocument();
    expect(within(row).getByText('SKU: KURTA-L-RED')).toBeInTheDocument();
    // A line without options has neither.
    const plain = screen.getByText('Samsung A15').closest('tr')!;
    expect(within(plain).queryByTestId('chosen-options')).toBeNull();
    expect(plain).not.toHaveTextContent('SKU');

    await act(() => changeLanguage('bn'));
    expect(within(screen.getByText('সুতি কুর্তা').closest('tr')!).getByText('সাইজ: L, রং: লাল')).toBeInTheDocument();
  });

  it('on the label, in its contents', async () => {
    fakeApi({ 'GET order/print': { body: envelope([order]) }, ...shop });
    renderPage(<LabelsPage />, { path: '/dashboard/labels', url: '/dashboard/labels?ids=o1' });
    const label = await screen.findByRole('article', { name: 'Label HT-V1' });
    expect(within(label).getByTestId('label-contents')).toHaveTextContent('Contents: 2 × Cotton Kurta (Size: L, Colour: Red); 2 × Samsung A15');
  });
});
