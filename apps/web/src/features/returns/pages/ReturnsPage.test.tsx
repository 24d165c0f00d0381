import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReturnView } from '@haat/shared/schemas/returns';
import { ACCESS_TOKEN_KEY } from '@haat/shared/constants';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi, type Call } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ReturnsPage } from './ReturnsPage';

const view = (id: string): ReturnView => ({
  _id: id,
  order_id: 'o1',
  order_number: `HT-${id}`,
  kind: 'return',
  source: 'shopper',
  state: 'requested',
  reason: 'damaged',
  note: '',
  photos: [],
  decision_note: '',
  pickup: null,
  items: [],
  refundable: 0,
  refunds: [],
  replacement_order: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  decidedAt: null,
  receivedAt: null,
});

/** The server's pages: r1–r50 then r51–r60 (next_cursor null). */
const pages = (call: Call) => {
  const cursor = new URLSearchParams(call.path.split('?')[1] ?? '').get('cursor');
  const ids = cursor ? Array.from({ length: 10 }, (_, i) => `r${51 + i}`) : Array.from({ length: 50 }, (_, i) => `r${1 + i}`);
  return { body: envelope(ids.map(view), '', { next_cursor: cursor ? null : 'r50' }) };
};

describe('the owner’s returns list (issue 27)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a page, then the next with Load more (the cursor of the last), and no Load more after the last page', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const api = fakeApi({ 'GET returns': pages });
    renderPage(<ReturnsPage />);
    await screen.findByRole('article', { name: 'Return HT-r50' });
    expect(screen.getAllByTestId('return-card')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Return HT-r60' });
    expect(screen.getAllByTestId('return-card')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.sent('GET', 'returns').map((c) => c.path)).toEqual(['returns?state=requested', 'returns?state=requested&cursor=r50']);
  });

  it('says Load more in Bangla', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    fakeApi({ 'GET returns': pages });
    await act(() => changeLanguage('bn'));
    renderPage(<ReturnsPage />);
    expect(await screen.findByRole('button', { name: 'আরও দেখুন' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });
});
