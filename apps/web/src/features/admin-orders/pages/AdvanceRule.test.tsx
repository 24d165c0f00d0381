import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADVANCE_MESSAGES } from '@haat/shared/advance';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { CodProtectionPage } from './CodProtectionPage';

/** Issue 44 (decision 0114): the owner's partial advance rule beside the COD protection rule, in Bangla. */
describe('the partial advance rule', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a percentage for orders above a total (Bengali digits), and says a refusal in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    let refuse = true;
    const api = fakeApi({
      'GET cod/settings': { body: envelope({ mode: 'never', risk: 'high', above: null }) },
      'GET cod/blocks': { body: envelope([]) },
      'GET cod/advance': { body: envelope({ kind: 'none', value: 0, who: 'everyone', above: null }) },
      'PUT cod/advance': (call) => {
        if (refuse) {
          refuse = false;
          return { status: 400, body: { success: false, error: true, code: 'VALIDATION', params: { message: ADVANCE_MESSAGES.percent, field: 'value' }, message: ADVANCE_MESSAGES.percent, data: null } };
        }
        return { body: envelope(call.body, 'Advance settings saved.') };
      },
    });
    const user = userEvent.setup();
    renderPage(<CodProtectionPage />);
    expect(await screen.findByRole('radio', { name: 'কোনোটি নয়' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'মোট দামের শতাংশ' }));
    await user.type(screen.getByLabelText('শতাংশ (১–১০০)'), '১৫০');
    await user.selectOptions(screen.getByRole('combobox', { name: 'যাঁদের কাছ থেকে' }), 'নির্দিষ্ট দামের বেশি অর্ডার');
    await user.type(screen.getByLabelText('মোট দাম এর বেশি (টাকা)'), '৩০০০');
    await user.click(screen.getByRole('button', { name: 'অগ্রিম সংরক্ষণ করুন' }));
    expect(await screen.findByText('শতাংশ হবে ১ থেকে ১০০-এর মধ্যে পূর্ণ সংখ্যা।')).toBeInTheDocument();
    const value = screen.getByLabelText('শতাংশ (১–১০০)');
    await user.clear(value);
    await user.type(value, '২০');
    await user.click(screen.getByRole('button', { name: 'অগ্রিম সংরক্ষণ করুন' }));
    expect(await screen.findByText('অগ্রিমের সেটিংস সংরক্ষণ হয়েছে।')).toBeInTheDocument();
    expect(api.sent('PUT', 'cod/advance').map((c) => c.body)).toEqual([
      { kind: 'percent', value: '150', who: 'above', above: '3000' },
      { kind: 'percent', value: '20', who: 'above', above: '3000' },
    ]);
  });
});
