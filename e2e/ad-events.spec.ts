import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 45 (decision 0119): nothing of the Meta Pixel or gtag loads, and no request goes to their origins, before
 * the shopper says yes on the consent bar; after a yes both load. The tags' origins are answered here by stand-ins
 * (no request leaves the machine). The owner's ids are set for this test only and cleared after it.
 */
const AD_ORIGINS = /^https:\/\/(connect\.facebook\.net|www\.facebook\.com|www\.googletagmanager\.com|[\w.]*google-analytics\.com)\//;

async function watchAds(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route(AD_ORIGINS, (route) => {
    seen.push(route.request());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return seen;
}

test('the Pixel and gtag load only after the shopper’s yes, in Bangla too', async ({ page, adminToken, request }, testInfo) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const set = (ids: object) => request.put('/api/ads/settings', { headers, data: { meta_purchase_at: 'order', ...ids } });
  expect((await set({ meta_pixel_id: '123456789012345', ga_measurement_id: 'G-E2ETEST1' })).status()).toBe(200);
  try {
    const seen = await watchAds(page);
    await page.context().addCookies([{ name: 'haat.lang', value: 'bn', url: testInfo.project.use.baseURL! }]);
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'বিজ্ঞাপন ও পরিসংখ্যান' });
    await expect(bar).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('consent-bar-bn.png') });
    // Browsing before answering: nothing to the ad origins.
    await page.reload();
    await expect(bar).toBeVisible();
    expect(seen.map((r) => r.url())).toEqual([]);

    await bar.getByRole('button', { name: 'রাজি' }).click();
    await expect(bar).toBeHidden();
    await expect.poll(() => seen.map((r) => new URL(r.url()).pathname).sort()).toEqual(['/en_US/fbevents.js', '/gtag/js']);
    expect((await page.context().cookies()).find((c) => c.name === 'haat.ads')?.value).toBe('yes');
    // Remembered: the next page asks nothing and loads them again.
    await page.reload();
    await expect(bar).toBeHidden();
  } finally {
    await set({ meta_pixel_id: '', ga_measurement_id: '' });
  }
});

test('a no is remembered and nothing loads', async ({ page, adminToken, request }) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const set = (ids: object) => request.put('/api/ads/settings', { headers, data: { meta_purchase_at: 'order', ...ids } });
  expect((await set({ meta_pixel_id: '123456789012345', ga_measurement_id: '' })).status()).toBe(200);
  try {
    const seen = await watchAds(page);
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Ads and analytics' });
    await bar.getByRole('button', { name: 'No, thanks' }).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(bar).toBeHidden();
    expect(seen).toEqual([]);
  } finally {
    await set({ meta_pixel_id: '', ga_measurement_id: '' });
  }
});

type MetaEvent = { event_name: string; event_id: string; custom_data: { content_ids: string[] } };
type Product = { _id: string; name: string; stock: number; options?: unknown[] };
const metaReceived = async (request: APIRequestContext): Promise<MetaEvent[]> => (await request.get(`http://127.0.0.1:${process.env.E2E_META_PORT}/__fake/events`)).json();
/** What the page's Pixel was told (the stand-in fbevents.js runs nothing: the calls wait in fbq's queue). */
const pixelCalls = (page: Page) => page.evaluate(() => ((window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue ?? []).filter((c) => c[0] === 'track' && c[1] !== 'PageView') as [string, string, unknown, { eventID: string }][]);

/** Decision 0131: ViewContent, AddToCart and InitiateCheckout, once each in the browser and once from the server, one id. */
async function browseAndBuy(page: Page, product: Product, { consented }: { consented: boolean }) {
  // With a yes each step's copy to the server is awaited before the page is left (a full load would cancel it).
  const copied = () => (consented ? page.waitForResponse((r) => r.url().endsWith('/api/ads/events')) : Promise.resolve());
  const viewed = copied();
  await page.goto(`/product/${product._id}`);
  await viewed;
  const added = copied();
  await page.getByRole('button', { name: 'Add To Cart' }).first().click();
  await added;
  const begun = copied();
  await page.goto('/checkout');
  await begun;
}

test('with consent each event goes once from the browser and once from the server with one event id; without, none from either', async ({ page, adminToken, request, browser }) => {
  test.skip(!process.env.E2E_META_PORT, 'needs the fake Conversions API of scripts/e2e.mjs');
  const headers = { authorization: `Bearer ${adminToken}` };
  const set = (ids: object) => request.put('/api/ads/settings', { headers, data: { meta_purchase_at: 'order', ...ids } });
  expect((await set({ meta_pixel_id: '123456789012345', meta_capi_token: 'EAAB-test-token', ga_measurement_id: 'G-E2ETEST1' })).status()).toBe(200);
  const list = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } });
  const product = ((await list.json()).data as Product[]).find((p) => p.stock >= 20 && !p.options?.length)!;
  try {
    const before = (await metaReceived(request)).length;
    // No answer yet, then a no: nothing to the tags' origins, nothing queued by the server.
    const denied = await browser.newContext();
    const deniedPage = await denied.newPage();
    const seen = await watchAds(deniedPage);
    const copies: string[] = [];
    deniedPage.on('request', (r) => void (r.url().includes('/api/ads/events') && copies.push(r.url())));
    await browseAndBuy(deniedPage, product, { consented: false });
    await deniedPage.getByRole('region', { name: 'Ads and analytics' }).getByRole('button', { name: 'No, thanks' }).click();
    await browseAndBuy(deniedPage, product, { consented: false });
    await expect(deniedPage.getByRole('heading').first()).toBeVisible();
    await denied.close();
    expect(seen).toEqual([]);
    expect(copies).toEqual([]);
    expect((await metaReceived(request)).length).toBe(before);

    // A yes: each event once in the Pixel, each id once at the Conversions API.
    await watchAds(page);
    await page.goto('/');
    await page.getByRole('region', { name: 'Ads and analytics' }).getByRole('button', { name: 'Allow' }).click();
    await browseAndBuy(page, product, { consented: true });
    await expect.poll(async () => (await pixelCalls(page)).map((c) => c[1])).toEqual(['InitiateCheckout']);
    // The checkout is a new page: the product page's two events were in the one before, read from the server's side.
    await expect.poll(async () => (await metaReceived(request)).slice(before).map((e) => e.event_name).sort(), { timeout: 30_000 }).toEqual(['AddToCart', 'InitiateCheckout', 'ViewContent']);
    const server = (await metaReceived(request)).slice(before);
    const eventID = (await pixelCalls(page))[0]![3].eventID;
    expect(server.filter((e) => e.event_id === eventID).map((e) => e.event_name)).toEqual(['InitiateCheckout']);
    expect(new Set(server.map((e) => e.event_id)).size).toBe(3);
    expect(server.find((e) => e.event_name === 'ViewContent')!.custom_data.content_ids).toEqual([product._id]);
  } finally {
    await set({ meta_pixel_id: '', meta_capi_token: null, ga_measurement_id: '' });
  }
});
