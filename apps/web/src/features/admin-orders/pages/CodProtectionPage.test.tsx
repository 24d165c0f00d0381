import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { CodProtectionPage } from './CodProtectionPage';

/** Issue 26: the owner's COD confirmation rule and blocked mobiles. */
describe('COD protection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the rule (Bengali digits in the total) and blocks and unblocks a mobile', async () => {
    let blocks: { mobile: string; reason: string; createdAt: string }[] = [];
    const api = fakeApi({
      'GET cod/settings': { body: envelope({ mode: 'rules', risk: 'high', above: 5000 }) },
      'PUT cod/settings': (call) => ({ body: envelope(call.body, 'Cash-on-delivery settings saved.') }),
      'GET cod/blocks': () => ({ body: envelope(blocks) }),
      'POST cod/blocks': (call) => {
        const b = call.body as { mobile: string; reason: string };
        blocks = [{ mobile: '01712345678', reason: b.reason, createdAt: '2026-11-28T10:00:00.000Z' }];
        return { status: 201, body: envelope(blocks[0], 'Mobile blocked from cash on delivery.') };
      },
      'DELETE cod/blocks/01712345678': () => {
        blocks = [];
        return { body: envelope(null, 'Mobile allowed cash on delivery again.') };
      },
    });
    const user = userEvent.setup();
    renderPage(<CodProtectionPage />);
    expect(await screen.findByRole('radio', { name: 'By these rules' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'When the COD risk check says' })).toHaveDisplayValue('High risk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'When the COD risk check says' }), 'Caution or High risk');
    const above = screen.getByLabelText(/Or when the total is above/);
    await user.clear(above);
    await user.type(above, '৩০০০');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cash-on-delivery settings saved.')).toBeInTheDocument();
    expect(api.sent('PUT', 'cod/settings')[0]!.body).toEqual({ mode: 'rules', risk: 'caution', above: '3000' });

    expect(screen.getByText('No mobile is blocked.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile'), '+880 1712-345678');
    await user.type(screen.getByLabelText('Reason'), 'Refused three parcels');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const list = await screen.findByTestId('cod-blocks');
    await waitFor(() => expect(list).toHaveTextContent('01712345678 · Refused three parcels'));
    await user.click(within(list).getByRole('button', { name: 'Unblock 01712345678' }));
    expect(await screen.findByText('No mobile is blocked.')).toBeInTheDocument();
  });
});
