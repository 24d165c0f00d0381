import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@haat/shared/constants';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { BusinessPage } from './BusinessPage';

/** Decision 0131: the chat-link lifetime on the owner's settings, checked by the shared rule before it is sent. */
describe('the owner’s chat-link lifetime', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await changeLanguage('en');
  });

  const api = () =>
    fakeApi({
      'GET chat-links/settings': { body: envelope({ hours: 48 }) },
      'PUT chat-links/settings': (call) => ({ body: envelope(call.body, 'Saved.') }),
    });

  it('refuses hours outside 1–720 in English, sending nothing, then saves', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const server = api();
    const user = userEvent.setup();
    renderPage(<BusinessPage />);
    const section = within(await screen.findByRole('region', { name: 'Checkout links for chat orders' }));
    const hours = await section.findByLabelText('A link lasts (hours, 1 to 720)');
    expect(hours).toHaveValue('48');
    await user.clear(hours);
    await user.type(hours, '800');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await section.findByText('A link must last from 1 to 720 hours.')).toBeInTheDocument();
    expect(server.sent('PUT', 'chat-links/settings')).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(server.sent('PUT', 'chat-links/settings')[0]!.body).toEqual({ hours: 12 });
  });

  it('says the same in Bangla, Bengali digits typed', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    await changeLanguage('bn');
    const server = api();
    const user = userEvent.setup();
    renderPage(<BusinessPage />);
    const section = within(await screen.findByRole('region', { name: 'চ্যাট অর্ডারের চেকআউট লিংক' }));
    const hours = await section.findByLabelText('লিংক চলবে (ঘণ্টা, ১ থেকে ৭২০)');
    await user.clear(hours);
    await user.type(hours, '০');
    await user.click(section.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(await section.findByText('লিংক ১ থেকে ৭২০ ঘণ্টা চলতে পারে।')).toBeInTheDocument();
    expect(server.sent('PUT', 'chat-links/settings')).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '২৪');
    await user.click(section.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(await screen.findByText('সংরক্ষিত হয়েছে।')).toBeInTheDocument();
    expect(server.sent('PUT', 'chat-links/settings')[0]!.body).toEqual({ hours: 24 });
  });
});
