import type { Page, Request } from '@playwright/test';
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
