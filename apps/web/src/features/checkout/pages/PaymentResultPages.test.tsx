import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test-utils';
import { OrderCancelPage } from './OrderCancelPage';
import { OrderSuccessPage } from './OrderSuccessPage';

/** Where the server's bKash callback sends the shopper (issue 12): a redirect carries a query, not navigation state. */
describe('after bKash', () => {
  it("reads 'Payment Successful!' from ?text=Payment, and 'Order' for anything else", async () => {
    const { router } = renderPage(<OrderSuccessPage />, { path: '/order-success' });
    expect(screen.getByRole('heading', { name: 'Order Successful!' })).toBeInTheDocument();
    await act(() => router.navigate('/order-success?text=Payment'));
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    await act(() => router.navigate('/order-success?text=<b>Free</b>'));
    expect(screen.getByRole('heading', { name: 'Order Successful!' })).toBeInTheDocument();
  });

  it("says why under 'Failed !!' for the callback's reasons, and nothing for unknown ones", async () => {
    const { router } = renderPage(<OrderCancelPage />, { path: '/order-cancel' });
    expect(screen.getByRole('heading', { name: 'Failed !!' })).toBeInTheDocument();
    expect(screen.queryByTestId('cancel-reason')).not.toBeInTheDocument();
    await act(() => router.navigate('/order-cancel?reason=cancelled'));
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent('You cancelled the bKash payment. Your order was cancelled and nothing was charged.');
    await act(() => router.navigate('/order-cancel?reason=maintenance'));
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent(/bKash is under maintenance/);
    await act(() => router.navigate('/order-cancel?reason=constructor'));
    expect(screen.queryByTestId('cancel-reason')).not.toBeInTheDocument();
  });

  it('names SSLCommerz when its return sent the shopper (?via=sslcommerz), and ignores another via', async () => {
    const { router } = renderPage(<OrderCancelPage />, { path: '/order-cancel' });
    await act(() => router.navigate('/order-cancel?reason=cancelled&via=sslcommerz'));
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent('You cancelled the payment on SSLCommerz. Your order was cancelled and nothing was charged.');
    await act(() => router.navigate('/order-cancel?reason=amount&via=sslcommerz'));
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent(/SSLCommerz reported a different amount/);
    await act(() => router.navigate('/order-cancel?reason=failed&via=other'));
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent('bKash did not complete the payment. Your order was cancelled and nothing was charged.');
  });

  it('names Nagad when its callback sent the shopper (?via=nagad)', async () => {
    const { router } = renderPage(<OrderCancelPage />, { path: '/order-cancel' });
    await act(() => router.navigate('/order-cancel?reason=cancelled&via=nagad'));
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent('You cancelled the payment on Nagad. Your order was cancelled and nothing was charged.');
    await act(() => router.navigate('/order-cancel?reason=amount&via=nagad'));
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent(/Nagad reported a different amount/);
  });
});
