import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { formatTaka } from '@haat/shared/money';
import { addGuestAddress, agreeToTerms, chooseLanguage, expect, test } from './fixtures';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/**
 * A small demo shop of the spec's own, as `npm start` runs it (development, no gateway settings), so the shop's own
 * payment sandboxes stand in for bKash and SSLCommerz over HTTP. The suite's shared servers run in test mode without
 * them. Started before the spec's tests and stopped after; `shop.origin` is its address once started, `shop.dataDir`
 * its folder (its SMS outbox).
 */
export function useDemoShop(name: string, extraEnv?: () => Promise<(origin: string) => Record<string, string>>): { origin: string; dataDir: string } {
  const shop = { origin: '', dataDir: '' };
  let demo: ChildProcess | null = null;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), `haat-${name}-e2e-`));
    shop.dataDir = dataDir;
    const { NODE_ENV: _ignored, ...inherited } = process.env;
    // A provider's settings that name the shop's own address (its callback), e.g. a fake gateway's (e2e/nagad.spec.ts).
    const extra = extraEnv ? (await extraEnv())(`http://127.0.0.1:${port}`) : {};
    demo = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...inherited, ...extra, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://', DATA_DIR: dataDir, SEED_DEMO: '1', SEED_PRODUCTS: '40', LOG_LEVEL: 'warn', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    demo.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
    shop.origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      demo!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const ready = out.match(/Haat is ready at (\S+)/);
        if (ready) resolve(ready[1]!);
      });
      demo!.once('exit', (code) => reject(new Error(`the demo shop exited (${code}): ${errors}`)));
    });
  });

  test.afterAll(async () => {
    if (demo && demo.exitCode === null) {
      const exited = new Promise((r) => demo!.once('exit', r));
      demo.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return shop;
}

/** A guest, in Bangla on the demo shop: Buy Now → an address in Dhanmondi → the terms → Online Payment; answers the payment dialog. */
export async function toPaymentDialogInBangla(page: Page, origin: string, productId: string): Promise<Locator> {
  await page.goto(`${origin}/`);
  await chooseLanguage(page, 'bn');
  await page.goto(`${origin}/product/p-${productId}`);
  await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await addGuestAddress(page, { name: 'রহিম উদ্দিন', addressLine: 'বাড়ি ১২, রোড ৪, ধানমন্ডি', mobile: '01712345678' }, 'bn');
  await agreeToTerms(page, 'bn');
  await page.getByRole('button', { name: 'অনলাইন পেমেন্ট' }).click();
  return page.getByRole('dialog', { name: 'পেমেন্টের পদ্ধতি বেছে নিন' });
}

/** The demo admin signs in, in English, and opens the orders page; answers the order's card. */
export async function demoAdminOrderCard(page: Page, origin: string, orderId: string): Promise<Locator> {
  await chooseLanguage(page, 'en');
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill('admin@haat.test');
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto(`${origin}/dashboard/my-order`);
  return page.getByRole('article', { name: `Order ${orderId}` });
}

/**
 * The advance step (decisions 0114, 0130), in Bangla: it says what is paid now and on delivery; the demo's bKash sandbox
 * asks exactly the advance; approved, the payment succeeds. Answers the order's number (the sandbox's invoice).
 */
export async function payAdvanceInBangla(page: Page, advance: number, total: number, shot: string) {
  const step = page.getByRole('dialog', { name: 'বিকাশে অগ্রিম দিন' });
  await expect(step.getByTestId('advance-split')).toHaveText(`এখন বিকাশে দিন${formatTaka(advance)}ডেলিভারির সময় দিন${formatTaka(total - advance)}অর্ডারের মোট${formatTaka(total)}`);
  await expect(step).not.toContainText(/[A-Za-z]/);
  await page.screenshot({ path: test.info().outputPath(`${shot}.png`), fullPage: true });
  await step.getByRole('button', { name: `বিকাশে ${formatTaka(advance)} দিন` }).click();
  await expect(page).toHaveURL(/\/bkash-sandbox\/v1\.2\.0-beta\/pay\?paymentID=/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(formatTaka(advance));
  const orderId = (await page.locator('dt:has-text("Invoice") + dd').textContent())!;
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order-success\?text=Payment$/);
  await expect(page.getByRole('heading', { name: 'পেমেন্ট সফল হয়েছে!' })).toBeVisible();
  return orderId;
}
