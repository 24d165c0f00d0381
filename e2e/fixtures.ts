import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { codeIn } from '../apps/server/test/support/smtp';
import { clockAheadMs, shopNow } from './shop';

/** The demo admin the server creates on first start (README). */
export const ADMIN = { email: 'admin@haat.test', password: 'admin123' };

/** A fresh e-mail per call, so specs never meet each other's accounts. */
export const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs in through the login form and waits for the shop's answer. */
export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  // The admin's first screen is the owner's dashboard (issue 14); a shopper goes home.
  await expect(page).toHaveURL(email === ADMIN.email ? /\/dashboard$/ : /\/$/);
}

/** The code in the newest message the SMTP catcher (global-setup.ts) received for this address. */
export function latestCode(email: string): string | undefined {
  const raw = latestMail(email);
  return raw === undefined ? undefined : codeIn(raw);
}

/** The newest message the SMTP catcher received for this address, as received (headers and body). */
export function latestMail(email: string): string | undefined {
  const inbox = path.join(process.env.E2E_DATA_DIR ?? '', 'smtp-received');
  let files: string[] = [];
  try {
    files = readdirSync(inbox).sort();
  } catch {
    return undefined;
  }
  for (const f of files.reverse()) {
    const raw = readFileSync(path.join(inbox, f), 'utf8');
    if (raw.startsWith(`X-Envelope-To: ${email}`)) return raw;
  }
  return undefined;
}

/** The SMS the shop wrote to its outbox (no SMS gateway in e2e) to a mobile (any spelling ending in its local digits): their texts, oldest first. */
export function smsTexts(mobile: string, dataDir = process.env.E2E_DATA_DIR ?? ''): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.sms.json')).sort();
  } catch {
    return [];
  }
  return files.flatMap((f) => {
    const sms = JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string };
    return sms.to.endsWith(mobile.slice(1)) ? [sms.text] : [];
  });
}

/** The newest SMS to a mobile: its text. */
export function latestSms(mobile: string): string | undefined {
  return smsTexts(mobile).at(-1);
}

/** The 6-digit code of that SMS. */
export function latestSmsCode(mobile: string): string | undefined {
  const text = latestSms(mobile);
  return text === undefined ? undefined : /(\d{6})/.exec(text)?.[1];
}

/** The owner's COD confirmation rule (decision 0062), set through the API as the demo admin. */
export async function setCodRule(request: APIRequestContext, rule: { mode: 'always' | 'never' | 'rules'; risk: 'off' | 'caution' | 'high'; above: number | null }) {
  const login = await request.post('/api/user/login', { data: ADMIN });
  const token = (await login.json()).data.access_token as string;
  const res = await request.put('/api/cod/settings', { data: rule, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
}

/**
 * What React reports when a page's first render in the browser differs from the server's markup, or
 * when it recovers from an error: in a production build only the error's number and its link
 * (react.dev/errors/418 and the like), in development its words.
 */
const REACT_ERROR = /hydrat|did not match|server rendered|recoverable|Minified React error|react\.dev\/errors/i;

/**
 * Collects, from every page of a context, what must fail a test: a React error (a hydration mismatch
 * among them) or an uncaught error in the page; with `everyError`, any console error at all (the
 * storefront's own pages, which have none). Returns the list: a test expects it empty at its end.
 */
export function watchErrors(context: BrowserContext, { everyError = false } = {}): string[] {
  const errors: string[] = [];
  context.on('console', (m) => {
    if (m.type() === 'error' && (everyError || REACT_ERROR.test(m.text()))) errors.push(`${m.page()?.url() ?? ''}: ${m.text()}`);
  });
  context.on('weberror', (e) => errors.push(`${e.page()?.url() ?? ''}: uncaught ${String(e.error())}`));
  return errors;
}

interface WorkerFixtures {
  /**
   * The journeys place guests' COD orders of any size, from phones with returns: the COD confirmation rule is off
   * for them (set once per worker); e2e/cod-risk.spec.ts turns it on for its own journey and off again.
   */
  codRuleOff: void;
}

interface Fixtures {
  /** Signs the page in through the login form. */
  login: (email: string, password: string) => Promise<void>;
  /** Registers an account through the API (not signed in): its e-mail and password. */
  account: { email: string; password: string };
  /** The page, signed in as the demo admin. */
  adminPage: Page;
  /** An access token of the demo admin, for API calls. */
  adminToken: string;
}

/** Ticks the checkout's box for the terms and the use of the shopper's data (issue 27, decision 0077): no order goes without it. */
/** The shop's language chosen as the header's toggle leaves it: stored on the device and in its cookie. */
export async function chooseLanguage(page: Page, lang: 'en' | 'bn') {
  await page.evaluate((l) => {
    localStorage.setItem('haat.lang', l);
    document.cookie = `haat.lang=${l}; path=/; max-age=31536000; samesite=lax`;
  }, lang);
}

export async function agreeToTerms(page: Page, lang: 'en' | 'bn' = 'en') {
  const box = page.getByRole('checkbox', { name: lang === 'en' ? /I agree to the shop’s Terms and Conditions/ : /আমি দোকানের শর্তাবলি মেনে নিচ্ছি/ });
  await expect(box).not.toBeChecked();
  await box.check();
}

/** A guest's delivery address at the checkout: "Add Address", the dialog filled and saved, then the address chosen. */
export async function addGuestAddress(page: Page, address: { name: string; addressLine: string; mobile: string }, lang: 'en' | 'bn' = 'en') {
  const bn = lang === 'bn';
  await page.getByRole('button', { name: bn ? 'ঠিকানা যোগ করুন' : 'Add Address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(bn ? 'প্রাপকের নাম' : "Recipient's name").fill(address.name);
  await dialog.getByLabel(bn ? 'ঠিকানার লাইন' : 'Address Line').fill(address.addressLine);
  await dialog.getByLabel(bn ? 'শহর' : 'City').fill('Dhaka');
  await dialog.getByLabel(bn ? 'মোবাইল' : 'Mobile').fill(address.mobile);
  await dialog.getByRole('button', { name: bn ? 'জমা দিন' : 'Submit' }).click();
  await expect(dialog).toBeHidden();
  // The saved address's radio, by the first part of its line (its house or flat).
  await page.getByRole('radio', { name: new RegExp(address.addressLine.split(',')[0]!) }).check();
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  codRuleOff: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await setCodRule(request, { mode: 'never', risk: 'high', above: 5000 });
      await request.dispose();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  // Every test's own context: no React error and no uncaught error in any of its pages.
  context: async ({ context }, use) => {
    // E2E_CLOCK_AHEAD_DAYS: the pages' clock as far ahead as the shop's (e2e/shop.ts); time still flows.
    if (clockAheadMs) await context.clock.install({ time: shopNow() });
    const errors = watchErrors(context);
    await use(context);
    expect(errors, 'React or uncaught errors in the pages').toEqual([]);
  },
  login: async ({ page }, use) => {
    await use((email, password) => login(page, email, password));
  },
  account: async ({ request }, use) => {
    const account = { email: unique('shopper'), password: 'secret123' };
    const res = await request.post('/api/user/register', {
      data: { name: 'Test Shopper', email: account.email, password: account.password, confirmPassword: account.password },
    });
    expect(res.status()).toBe(201);
    await use(account);
  },
  adminPage: async ({ page }, use) => {
    await login(page, ADMIN.email, ADMIN.password);
    await use(page);
  },
  adminToken: async ({ request }, use) => {
    const res = await request.post('/api/user/login', { data: ADMIN });
    expect(res.ok()).toBeTruthy();
    await use((await res.json()).data.access_token as string);
  },
});

export { expect };
