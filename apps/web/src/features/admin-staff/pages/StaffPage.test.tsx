import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { errorText, type ErrorCode } from '@haat/shared/errors/catalogue';
import { StaffPage } from './StaffPage';

/** A refusal as the server sends it (decision 0052). */
const refusal = (code: ErrorCode) => ({ status: 409, body: { success: false, error: true, code, params: {}, message: errorText(code as 'STAFF_EMAIL_TAKEN'), data: null } });
const member = (id: string, role: string, status = 'Active') => ({ _id: id, name: `Person ${id}`, email: `${id}@shop.test`, mobile: null, role, status, last_logit_date: null });

describe('Staff page (issue 28)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('lists staff, invites a Packer, changes a role and disables', async () => {
    const api = fakeApi({
      'GET staff': { body: envelope([member('a', 'MANAGER'), member('b', 'PACKER', 'Suspended')]) },
      'POST staff/invite': { status: 201, body: envelope(member('c', 'PACKER')) },
      'PATCH staff/a': { body: envelope(member('a', 'ORDERS')) },
    });
    renderPage(<StaffPage />);
    expect(await screen.findByText('a@shop.test')).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Salma');
    await userEvent.type(within(form).getByLabelText('E-mail'), 'salma@shop.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(api.sent('POST', 'staff/invite')[0]?.body).toEqual({ name: 'Salma', email: 'salma@shop.test', role: 'PACKER' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Person a' }), 'ORDERS');
    expect(api.sent('PATCH', 'staff/a')[0]?.body).toEqual({ role: 'ORDERS' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Disable' })[0]!);
    expect(api.sent('PATCH', 'staff/a')[1]?.body).toEqual({ status: 'Suspended' });
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('invites by mobile: the number in any spelling is sent as 01XXXXXXXXX, and the list shows it', async () => {
    const byMobile = { ...member('d', 'ORDERS'), email: '', mobile: '01712345678' };
    const api = fakeApi({
      'GET staff': { body: envelope([member('a', 'MANAGER')]) },
      'POST staff/invite': { status: 201, body: envelope(byMobile) },
    });
    renderPage(<StaffPage />);
    const form = await screen.findByRole('form', { name: 'Invite a staff member' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Rahim');
    await userEvent.click(within(form).getByLabelText('By mobile'));
    await userEvent.type(within(form).getByLabelText('Mobile number'), '+880 1712-345678');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(api.sent('POST', 'staff/invite')[0]?.body).toEqual({ name: 'Rahim', mobile: '01712345678', role: 'PACKER' });
    expect(await screen.findByText('Invitation sent: 01712345678 gets a text to sign in with this number.')).toBeInTheDocument();
  });

  it('sets the Orders role’s refund limit, refusing what is not whole taka', async () => {
    const api = fakeApi({
      'GET staff': { body: envelope([member('a', 'MANAGER')]) },
      'GET refund-limit': { body: envelope({ limit: 0 }) },
      'PUT refund-limit': (call) => ({ body: envelope({ limit: (call.body as { limit: number }).limit }) }),
    });
    renderPage(<StaffPage />);
    const form = await screen.findByRole('form', { name: 'Refund limit for Orders staff (৳)' });
    const input = within(form).getByLabelText('Refund limit for Orders staff (৳)');
    await screen.findByDisplayValue('0');
    await userEvent.clear(input);
    await userEvent.type(input, '-5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save limit' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The refund limit must be a whole number of taka from 0 to 10,000,000.');
    expect(api.sent('PUT', 'refund-limit')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '1500');
    await userEvent.click(within(form).getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Refund limit saved.')).toBeInTheDocument();
    expect(api.sent('PUT', 'refund-limit').map((c) => c.body)).toEqual([{ limit: 1500 }]);
  });

  it('speaks Bangla', async () => {
    fakeApi({ 'GET staff': { body: envelope([member('a', 'PACKER')]) } });
    await changeLanguage('bn');
    renderPage(<StaffPage />);
    expect(await screen.findByRole('heading', { name: 'কর্মী' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'প্যাকার', selected: true })).toBeInTheDocument();
  });

  describe('a second way in for staff invited by mobile (issue 41, decision 0096)', () => {
    const byMobile = { ...member('d', 'PACKER'), name: 'Rahim', email: '', mobile: '01712345678' };

    it('"Add e-mail" opens a field; a taken address is refused in the form, another is sent the sign-in code', async () => {
      let added = false;
      const api = fakeApi({
        'GET staff': () => ({ body: envelope([member('a', 'MANAGER'), added ? { ...byMobile, email: 'rahim@shop.test' } : byMobile]) }),
        'POST staff/d/email': (call) => {
          if ((call.body as { email: string }).email === 'taken@shop.test') return refusal('STAFF_EMAIL_TAKEN');
          added = true;
          return { body: envelope({ ...byMobile, email: 'rahim@shop.test' }, 'Sign-in code e-mailed.') };
        },
      });
      renderPage(<StaffPage />);
      const row = await screen.findByRole('row', { name: /Rahim/ });
      expect(row).toHaveTextContent('01712345678');
      // Only the one without an e-mail is offered it.
      expect(screen.getAllByRole('button', { name: /^Add e-mail/ })).toHaveLength(1);
      await userEvent.click(within(row).getByRole('button', { name: 'Add e-mail for Rahim' }));
      const form = within(row).getByRole('form', { name: 'E-mail for Rahim' });
      expect(form).toHaveTextContent('A second way in for Rahim: a sign-in code goes to this address, and the mobile keeps working.');

      await userEvent.click(within(form).getByRole('button', { name: 'Send sign-in code' }));
      expect(within(form).getByRole('alert')).toHaveTextContent('Email is required');
      expect(api.sent('POST', 'staff/d/email')).toHaveLength(0);

      await userEvent.type(within(form).getByLabelText('E-mail'), 'taken@shop.test');
      await userEvent.click(within(form).getByRole('button', { name: 'Send sign-in code' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('That e-mail already has an account.');

      await userEvent.clear(within(form).getByLabelText('E-mail'));
      await userEvent.type(within(form).getByLabelText('E-mail'), 'rahim@shop.test');
      await userEvent.click(within(form).getByRole('button', { name: 'Send sign-in code' }));
      expect(await screen.findByText('Sign-in code sent to rahim@shop.test: Rahim can now sign in by e-mail too.')).toBeInTheDocument();
      expect(api.sent('POST', 'staff/d/email').map((c) => c.body)).toEqual([{ email: 'taken@shop.test' }, { email: 'rahim@shop.test' }]);
      // The list, read again, shows the e-mail, and nothing more to add.
      expect(await screen.findByText('rahim@shop.test')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Add e-mail/ })).not.toBeInTheDocument();
    });

    it('says it in Bangla, the server’s refusal too', async () => {
      const api = fakeApi({ 'GET staff': { body: envelope([byMobile]) }, 'POST staff/d/email': refusal('STAFF_HAS_EMAIL') });
      await changeLanguage('bn');
      renderPage(<StaffPage />);
      await userEvent.click(await screen.findByRole('button', { name: 'Rahim-এর জন্য ই-মেইল যোগ করুন' }));
      const form = screen.getByRole('form', { name: 'Rahim-এর ই-মেইল' });
      expect(form).toHaveTextContent('Rahim-এর লগইনের দ্বিতীয় উপায়: এই ঠিকানায় একটি সাইন-ইন কোড যাবে, আর মোবাইল দিয়েও আগের মতোই লগইন করা যাবে।');
      await userEvent.click(within(form).getByRole('button', { name: 'সাইন-ইন কোড পাঠান' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('ইমেইল দিতে হবে');
      await userEvent.type(within(form).getByLabelText('ই-মেইল'), 'rahim@shop.test');
      await userEvent.click(within(form).getByRole('button', { name: 'সাইন-ইন কোড পাঠান' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('এই কর্মী ইতিমধ্যে একটি ই-মেইল দিয়ে লগইন করেন।');
      expect(api.sent('POST', 'staff/d/email').map((c) => c.body)).toEqual([{ email: 'rahim@shop.test' }]);
    });
  });
});
