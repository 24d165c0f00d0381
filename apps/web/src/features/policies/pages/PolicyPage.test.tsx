import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPolicy } from '@haat/shared/policies';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ComplaintPage } from './ComplaintPage';
import { PolicyPage } from './PolicyPage';

/** Issue 27, decision 0077: the policy pages and the complaints form. */
describe('a policy page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  const open = (slug: string, page: object) => {
    fakeApi({ [`GET shop/pages/${slug}`]: { body: envelope(page) } });
    renderPage(<PolicyPage />, { path: '/policy/:slug', url: `/policy/${slug}` });
  };

  it('shows the default Return & Refund Policy with its headings and list, in English and in Bangla', async () => {
    open('returns', { slug: 'returns', ...defaultPolicy('returns'), version: 0, updatedAt: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Return & Refund Policy' })).toBeInTheDocument();
    expect(screen.getByText('You may ask to return or exchange an item within 7 days of delivery.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Refunds' })).toBeInTheDocument();
    expect(screen.getByText('Refunds are never kept as shop credit.').tagName).toBe('LI');
    await act(() => changeLanguage('bn'));
    expect(await screen.findByRole('heading', { level: 1, name: 'রিটার্ন ও রিফান্ড নীতি' })).toBeInTheDocument();
    expect(screen.getByText('ডেলিভারির ৭ দিনের মধ্যে পণ্য ফেরত বা বদলের অনুরোধ করতে পারেন।')).toBeInTheDocument();
  });

  it('shows whatever the owner typed as text, never as HTML', async () => {
    const body = 'Our terms.\n\n<img src=x onerror="alert(1)"><b>bold</b>';
    open('terms', { slug: 'terms', title_en: 'Terms', title_bn: 'শর্ত', body_en: body, body_bn: body, version: 3, updatedAt: '2026-11-29T08:00:00.000Z' });
    expect(await screen.findByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('article img, article b')).toBeNull();
  });

  it('is the Oops! page for an unknown page', async () => {
    fakeApi({});
    renderPage(<PolicyPage />, { path: '/policy/:slug', url: '/policy/cookies' });
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
  });
});

describe('the complaints form', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('says what is missing, then sends the complaint and says by when the shop acts', async () => {
    const api = fakeApi({ 'POST complaint': { status: 201, body: envelope({ _id: 'c1', dueAt: '2026-12-02T08:00:00.000Z' }, 'Complaint received. We will act on it within 72 hours.') } });
    const user = userEvent.setup();
    renderPage(<ComplaintPage />);
    expect(await screen.findByText(/within 72 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dncrp.gov.bd' })).toHaveAttribute('href', 'https://dncrp.gov.bd');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Valid mobile number required')).toBeInTheDocument();
    expect(screen.getByText('Tell us what happened.')).toBeInTheDocument();
    expect(api.sent('POST', 'complaint')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your name'), 'Rahim Uddin');
    await user.type(screen.getByLabelText('Mobile number'), '০১৭১২৩৪৫৬৭৮');
    await user.type(screen.getByLabelText('Order number (if any)'), 'HT-20261129-ABCDEF');
    await user.type(screen.getByLabelText('What happened?'), 'The parcel came a week late.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Your complaint is received; we will act on it by');
    expect(api.sent('POST', 'complaint')[0]!.body).toEqual({ name: 'Rahim Uddin', mobile: '01712345678', order_id: 'HT-20261129-ABCDEF', text: 'The parcel came a week late.' });
  });

  it('speaks Bangla, the schema’s messages too', async () => {
    fakeApi({});
    await act(() => changeLanguage('bn'));
    const user = userEvent.setup();
    renderPage(<ComplaintPage />);
    expect(await screen.findByText(/৭২ ঘণ্টার মধ্যে/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'অভিযোগ পাঠান' }));
    expect(await screen.findByText('আপনার নাম লিখুন।')).toBeInTheDocument();
    expect(screen.getByText('কী হয়েছিল জানান।')).toBeInTheDocument();
  });
});
