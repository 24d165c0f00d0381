import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { shippingToast } from '../api/updateDeliverySettings';
import { ShippingCostPage } from './ShippingCostPage';

const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
const saved = (modifiedCount: number) => ({ body: { ...envelope({ ...settings, modifiedCount }), ...settings, modifiedCount } });

describe('shippingToast (spec §8)', () => {
  it('tells an update, a save that changed nothing and a failure apart', () => {
    expect(shippingToast({ outcome: { ok: true, modifiedCount: 1 } })).toEqual({ kind: 'success', message: 'Shipping Cost Updated Successfully.' });
    expect(shippingToast({ outcome: { ok: true, modifiedCount: 0 } })).toEqual({ kind: 'neutral', message: 'Nothing was updated.' });
    expect(shippingToast({ outcome: { ok: false, modifiedCount: 0 } })).toEqual({ kind: 'error', message: 'Something went wrong. Please try again!' });
    expect(shippingToast({ error: new Error('Network error') })).toEqual({ kind: 'error', message: 'Something went wrong. Please try again!' });
  });
});

describe('Update Shipping Costs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the current settings and requires both fees', async () => {
    const api = fakeApi({ 'GET delivery-settings': { body: { ...envelope(settings), ...settings } }, 'PUT delivery-settings': saved(1) });
    const user = userEvent.setup();
    renderPage(<ShippingCostPage />);
    expect(await screen.findByLabelText('Inside Dhaka')).toHaveValue('60');
    expect(screen.getByLabelText('Outside Dhaka')).toHaveValue('120');
    expect(screen.getByLabelText('Enable Free Delivery')).not.toBeChecked();
    await user.clear(screen.getByLabelText('Inside Dhaka'));
    await user.clear(screen.getByLabelText('Outside Dhaka'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Inside Dhaka amount is required', 'Outside Dhaka amount is required']),
    );
    expect(api.sent('PUT', 'delivery-settings')).toHaveLength(0);
  });

  it.each([
    [1, 'Shipping Cost Updated Successfully.'],
    [0, 'Nothing was updated.'],
  ])('a save with modifiedCount %i shows %s', async (count, message) => {
    const api = fakeApi({ 'GET delivery-settings': { body: { ...envelope(settings), ...settings } }, 'PUT delivery-settings': saved(count) });
    const user = userEvent.setup();
    renderPage(<ShippingCostPage />);
    await screen.findByDisplayValue('60');
    await user.clear(screen.getByLabelText('Inside Dhaka'));
    await user.type(screen.getByLabelText('Inside Dhaka'), '70');
    await user.click(screen.getByLabelText('Enable Free Delivery'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.sent('PUT', 'delivery-settings')[0]!.body).toEqual({ insideDhaka: 70, outsideDhaka: 120, freeDelivery: true });
  });

  it('takes fees typed in Bengali digits and shows them in ASCII once the field is left (issue 14)', async () => {
    const api = fakeApi({ 'GET delivery-settings': { body: { ...envelope(settings), ...settings } }, 'PUT delivery-settings': saved(1) });
    const user = userEvent.setup();
    renderPage(<ShippingCostPage />);
    await screen.findByDisplayValue('60');
    await user.clear(screen.getByLabelText('Inside Dhaka'));
    await user.type(screen.getByLabelText('Inside Dhaka'), '৮০');
    await user.tab();
    expect(screen.getByLabelText('Inside Dhaka')).toHaveValue('80');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Shipping Cost Updated Successfully.')).toBeInTheDocument();
    expect(api.sent('PUT', 'delivery-settings')[0]!.body).toEqual({ insideDhaka: 80, outsideDhaka: 120, freeDelivery: false });
  });

  it("a refused save shows 'Something went wrong. Please try again!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET delivery-settings': { body: { ...envelope(settings), ...settings } }, 'PUT delivery-settings': { status: 500, body: failure('Internal error') } });
    const user = userEvent.setup();
    renderPage(<ShippingCostPage />);
    await screen.findByDisplayValue('60');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Something went wrong. Please try again!')).toBeInTheDocument();
  });
});

describe('Deadlines (issue 27)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const deadlines = { handoverHours: 48, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 };
  const routes = (saved: object = deadlines) => ({
    'GET delivery-settings': { body: { ...envelope(settings), ...settings } },
    'GET deadline-settings': { body: envelope(deadlines) },
    'PUT deadline-settings': { body: envelope(saved, 'Deadlines saved.') },
  });

  it('starts from the current hours and days and saves the owner’s own, typed in Bengali digits too', async () => {
    const api = fakeApi(routes({ handoverHours: 24, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7 }));
    const user = userEvent.setup();
    renderPage(<ShippingCostPage />);
    const hours = await screen.findByLabelText('Hand an order to the courier within (hours: from payment when prepaid, from the order for cash on delivery)');
    expect(hours).toHaveValue('48');
    expect(screen.getByLabelText('Deliver inside Dhaka within (days)')).toHaveValue('5');
    expect(screen.getByLabelText('Deliver outside Dhaka within (days)')).toHaveValue('10');
    await user.clear(hours);
    await user.type(hours, '২৪');
    await user.clear(screen.getByLabelText('Deliver inside Dhaka within (days)'));
    await user.type(screen.getByLabelText('Deliver inside Dhaka within (days)'), '3');
    await user.clear(screen.getByLabelText('Deliver outside Dhaka within (days)'));
    await user.type(screen.getByLabelText('Deliver outside Dhaka within (days)'), '7');
    await user.click(screen.getByRole('button', { name: 'Save deadlines' }));
    expect(await screen.findByText('Deadlines saved.')).toBeInTheDocument();
    expect(api.sent('PUT', 'deadline-settings')[0]!.body).toEqual({ handoverHours: '24', deliveryDaysInsideDhaka: '3', deliveryDaysOutsideDhaka: '7' });
  });

  it('refuses what the shared rule refuses, with a clear message, and sends nothing', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    renderPage(<ShippingCostPage />);
    const hours = await screen.findByLabelText('Hand an order to the courier within (hours: from payment when prepaid, from the order for cash on delivery)');
    await user.clear(hours);
    await user.type(hours, '0');
    await user.clear(screen.getByLabelText('Deliver inside Dhaka within (days)'));
    await user.type(screen.getByLabelText('Deliver inside Dhaka within (days)'), '12');
    await user.click(screen.getByRole('button', { name: 'Save deadlines' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'Handover time must be a whole number of hours from 1 to 720.',
        'Delivery inside Dhaka cannot take longer than delivery outside Dhaka.',
      ]),
    );
    expect(api.sent('PUT', 'deadline-settings')).toHaveLength(0);
  });
});
