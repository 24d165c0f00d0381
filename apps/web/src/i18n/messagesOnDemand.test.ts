import { afterEach, describe, expect, it, vi } from 'vitest';
import { langCookie } from '@haat/shared/language-cookie';
import { LANG_STORAGE_KEY } from './index';

/**
 * Decision 0089: Bangla's server-message tables are not part of a first visit; they load when a
 * message is about to be shown, and the shopper still reads the first one in Bangla. Each test opens
 * a fresh page (a fresh module graph: the test setup loads the tables for every other test).
 */
async function freshPage(lang: 'en' | 'bn') {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  document.cookie = langCookie(lang);
  vi.resetModules();
  const { currentLang } = await import('./index');
  expect(currentLang()).toBe(lang);
  return { ...(await import('./messageTables')), ...(await import('@/lib/api')), ...(await import('./messages')) };
}
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("Bangla's server messages, on demand", () => {
  it('a page in Bangla does not load them to read its data', async () => {
    const page = await freshPage('bn');
    vi.stubGlobal('fetch', answer(200, { success: true, error: false, message: 'Product list', data: [] }));
    await page.request('product/get-product');
    expect(page.banglaMessages()).toBeUndefined();
  });

  it('the first refusal is said in Bangla: the client waits for the tables before it answers', async () => {
    const page = await freshPage('bn');
    expect(page.banglaMessages()).toBeUndefined();
    vi.stubGlobal('fetch', answer(400, { success: false, error: true, code: 'BAD_REQUEST', params: {}, message: 'Bad request.', data: null }));
    const err = await page.request('cart/add-to-cart', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(page.errorMessage(err)).toBe('অনুরোধটি সঠিক নয়।');
  });

  it("the first change's message is said in Bangla, and so is a failed connection's", async () => {
    const page = await freshPage('bn');
    vi.stubGlobal('fetch', answer(200, { success: true, error: false, message: 'Item added to cart.', data: [] }));
    const res = await page.request('cart/add-to-cart', { method: 'POST', body: {} });
    expect(page.translateMessage(res.message)).toBe('পণ্যটি কার্টে যোগ হয়েছে।');

    const again = await freshPage('bn');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await again.request('cart/add-to-cart', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(again.errorMessage(err)).toBe('নেটওয়ার্কে সমস্যা। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।');
  });

  it("a message said while rendering asks for them, and messagesReady waits for them; the shopper's first touch starts them", async () => {
    const page = await freshPage('bn');
    expect(page.translateMessage('Free')).toBe('Free'); // this once: a component using useServerMessages renders again
    await page.messagesReady();
    expect(page.translateMessage('Free')).toBe('ফ্রি');

    const touched = await freshPage('bn');
    window.dispatchEvent(new Event('pointerdown'));
    await touched.messagesReady();
    expect(touched.banglaMessages()).toBeDefined();
  });

  it('an English page never loads them', async () => {
    const page = await freshPage('en');
    vi.stubGlobal('fetch', answer(400, { success: false, error: true, code: 'BAD_REQUEST', params: {}, message: 'Bad request.', data: null }));
    const err = await page.request('cart/add-to-cart', { method: 'POST', body: {} }).catch((e: unknown) => e);
    window.dispatchEvent(new Event('pointerdown'));
    await page.messagesReady();
    expect(page.errorMessage(err)).toBe('Bad request.');
    expect(page.banglaMessages()).toBeUndefined();
  });
});
