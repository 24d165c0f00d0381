import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { agreeToTerms, chooseLanguage, expect, latestSms, test } from './fixtures';

/**
 * Issue 42: the Bangla journeys of the new features (variants, promotions, returns and exchanges, staff), walked in
 * Chromium with the shop in Bangla, shopper at phone width and owner at desktop width. Every page (or, on the owner's
 * shared lists, this walk's own cards) is read as a person sees it — its text, its title, and the labels, hints and
 * pictures' words a screen reader speaks — and the walk fails on any Latin word outside the allowed list (brands,
 * codes, units, e-mail addresses) and on any `{{` a translation left unfilled.
 */

/** Brands, written as their makers write them (the footer's social networks among them). */
const BRANDS = ['Haat', 'bKash', 'Nagad', 'Rocket', 'Steadfast', 'Pathao', 'RedX', 'Facebook', 'Instagram', 'LinkedIn'];
/** Units a Bangla shop writes in Latin letters. */
const UNITS = ['kg', 'g', 'gm', 'ml', 'l', 'KB', 'MB', 'GB', 'cm', 'mm', 'km'];
/** The language toggle on a Bangla page names the language it switches to, in that language (issue 14's contract). */
const TOGGLE = ['English'];

/** A token in Latin letters that may stand on a Bangla page. */
function allowed(word: string, extra: ReadonlySet<string>): boolean {
  if (BRANDS.includes(word) || UNITS.includes(word) || TOGGLE.includes(word) || extra.has(word)) return true;
  // A code: an order number (HT-20261207-7Q4K9M), a SKU (KU123456-L-RED), a voucher (EID123456), anything with a digit.
  if (/[0-9০-৯]/.test(word)) return true;
  if (/^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(word)) return true;
  // A size (S, M, L, XL, XXL) or another one-letter code (X and Y of "buy X get Y").
  return /^(X{0,3}[SL]|M|[A-Z])$/.test(word);
}

/**
 * What a person meets in `root` (the whole page when it is the body): its text, and every shown label, hint and
 * picture's words; with a part of a page, the toasts its acts raised too.
 */
function shownText(page: Page, root?: Locator): Promise<string> {
  return (root ?? page.locator('body')).evaluate((el, whole) => {
    const toasts = document.querySelector<HTMLElement>('[data-rht-toaster]')?.innerText ?? '';
    const parts = [(el as HTMLElement).innerText, whole ? document.title : toasts];
    for (const node of el.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
      if (!(node as HTMLElement).checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) parts.push(node.getAttribute(name) ?? '');
    }
    // A select's options are read out when it is opened.
    for (const option of el.querySelectorAll('select option')) parts.push(option.textContent ?? '');
    return parts.join('\n');
  }, !root);
}

/** The walk's findings: each place, and the words there that should not be. */
class Findings {
  readonly found: string[] = [];
  constructor(private readonly extra: ReadonlySet<string>) {}

  /** Reads a page (or part of one) once it settled and notes any Latin word or left `{{`; `typed`: English the owner typed, shown back where it is edited. */
  async check(where: string, page: Page, root?: Locator, typed: string[] = []) {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const text = await shownText(page, root);
    const cleaned = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
    const latin = [...new Set(cleaned.match(/[A-Za-z0-9০-৯]+(?:[-_./'’][A-Za-z0-9০-৯]+)*/g) ?? [])].filter((w) => /[A-Za-z]/.test(w) && !allowed(w, this.extra) && !typed.includes(w));
    if (latin.length) this.found.push(`${where}: ${latin.join(', ')}`);
    if (text.includes('{{')) this.found.push(`${where}: an unfilled {{ in “${text.slice(Math.max(0, text.indexOf('{{') - 40), text.indexOf('{{') + 40)}”`);
  }
}

const png = async (rgb: [number, number, number]) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

/** A datetime `days` from now, as the promotions API takes it. */
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

interface Walked {
  productId: string;
  wanted: string;
  promotions: string[];
}

/** The walk's own kurta in sizes and colours, named and described in both languages, and its two promotions (both on it alone). */
async function shopOf(request: APIRequestContext, auth: Record<string, string>, tag: string): Promise<Walked> {
  const categories = (await (await request.get('/api/category/get-category')).json()).data as { _id: string; name: string }[];
  const subs = (await (await request.get('/api/subcategory/get-subcategories')).json()).data as { _id: string; name: string }[];
  const options = [
    { name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M' }, { value: 'L' }] },
    {
      name: 'Colour',
      name_bn: 'রং',
      values: [
        { value: 'Red', value_bn: 'লাল', swatch: '#b22222' },
        { value: 'Blue', value_bn: 'নীল', swatch: '#1e3a8a' },
      ],
    },
  ];
  const variants = ['M', 'L'].flatMap((size) => ['Red', 'Blue'].map((colour) => ({ sku: `KU${tag}-${size}-${colour.toUpperCase()}`, values: [size, colour], price: 1250, stock: 5 })));
  const added = await request.post('/api/product/add-product', {
    headers: auth,
    multipart: {
      name: `Eid kurta ${tag}`,
      name_bn: `ঈদের কুর্তা ${tag}`,
      description: 'Hand-stitched cotton kurta for Eid.',
      description_bn: 'ঈদের জন্য হাতে সেলাই করা সুতির কুর্তা।',
      product_details: '• Hand-stitched\n• Soft cotton',
      product_details_bn: '• হাতে সেলাই করা\n• নরম সুতি',
      unit: '1 pc',
      stock: '1',
      price: '1',
      category: categories.find((c) => c.name === 'Fashion and Lifestyle')!._id,
      subCategory: subs.find((s) => s.name === "Men's Clothing")!._id,
      image: { name: 'kurta.png', mimeType: 'image/png', buffer: await png([178, 34, 34]) },
      options: JSON.stringify(options),
      variants: JSON.stringify(variants),
    },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const productId = (await added.json()).data._id as string;
  const details = (await (await request.get(`/api/product/get-product-details?productId=${productId}`)).json()).data as { variants: { _id: string; sku: string }[] };
  const wanted = details.variants.find((v) => v.sku === `KU${tag}-M-BLUE`)!._id;

  const scope = { kind: 'products', ids: [productId] };
  const promotions: string[] = [];
  for (const promotion of [
    { name: `Eid offer ${tag}`, name_bn: `ঈদ অফার ${tag}`, kind: 'percent', value: 10, scope, combines: true },
    { name: `Welcome voucher ${tag}`, name_bn: `স্বাগতম ভাউচার ${tag}`, code: `EID${tag}`, kind: 'fixed', value: 50, min_subtotal: 200, scope, combines: true },
  ]) {
    const res = await request.post('/api/promotion', { headers: auth, data: { ...promotion, starts_at: at(-1 / 24), ends_at: at(7) } });
    expect(res.status(), await res.text()).toBe(201);
    promotions.push((await res.json()).data._id as string);
  }
  return { productId, wanted, promotions };
}

let walked: Walked | undefined;

test('the Bangla journeys of variants, promotions, returns and staff carry no Latin word outside brands, codes and units, and no {{', async ({ adminPage: owner, browser, request, adminToken, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const tag = String(Date.now()).slice(-6);
  const auth = { authorization: `Bearer ${adminToken}` };
  walked = await shopOf(request, auth, tag);
  const { productId, wanted } = walked;
  // What people typed is theirs, not the shop's words: the demo owner's account name, and the shop's address as
  // configured (the invoice's seller when the owner gave no business address; a Bangla one would be shown instead).
  const me = (await (await request.get('/api/user/get-user', { headers: auth })).json()).data as { name: string };
  const shopAddress = (await (await request.get('/api/shop-info')).json()).data.address as string;
  const findings = new Findings(new Set(`${me.name} ${shopAddress}`.split(/[\s,]+/)));
  const shot = (page: Page, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // ---- The shopper, a guest on a phone: a size and colour, the offer and a voucher, cash on delivery. ----
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto('/');
  await chooseLanguage(shopper, 'bn');
  await shopper.goto(`/product/p-${productId}`);
  await expect(shopper.getByRole('heading', { level: 1, name: `ঈদের কুর্তা ${tag}` })).toBeVisible();
  await expect(shopper.getByTestId('product-bullets')).toHaveText(/হাতে সেলাই করা/);
  await findings.check('the product page', shopper);
  await shopper.getByRole('button', { name: 'L', exact: true }).click();
  await shopper.getByRole('button', { name: 'লাল', exact: true }).click();
  await expect(shopper).toHaveURL(/variant=/);
  await findings.check('the product page with L, লাল chosen', shopper);
  await shot(shopper, 'walk-product-bn');
  await shopper.getByRole('button', { name: 'কার্টে যোগ করুন' }).first().click();
  await expect(shopper.getByTestId('mobile-cart-bar')).toContainText('১টি পণ্য');

  await shopper.goto('/cart');
  const drawer = shopper.getByRole('dialog', { name: 'কার্ট' });
  await expect(drawer.getByTestId('promotion-line').filter({ hasText: `ঈদ অফার ${tag}` })).toBeVisible();
  await drawer.getByLabel('ভাউচার কোড').fill(`eid${tag}`);
  await drawer.getByRole('button', { name: 'প্রয়োগ করুন' }).click();
  await expect(drawer.getByText(`EID${tag} কোডটি প্রয়োগ হয়েছে`)).toBeVisible();
  await findings.check('the cart with the offer and the voucher', shopper);
  await shot(shopper, 'walk-cart-bn');

  await drawer.getByRole('button', { name: 'চেকআউট' }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  const mobile = `019${tag}${tag.slice(0, 2)}`;
  await shopper.getByRole('button', { name: 'ঠিকানা যোগ করুন' }).click();
  const address = shopper.getByRole('dialog');
  await findings.check('the checkout’s address dialog', shopper);
  await address.getByLabel('প্রাপকের নাম').fill('তানিয়া আক্তার');
  await address.getByLabel('ঠিকানার লাইন').fill('বাড়ি ৩, রোড ৮, মিরপুর');
  await address.getByLabel('শহর').fill('ঢাকা');
  await address.getByLabel('মোবাইল').fill(mobile);
  await address.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(address).toBeHidden();
  await shopper.getByRole('radio', { name: /মিরপুর/ }).check();
  await agreeToTerms(shopper, 'bn');
  await findings.check('the checkout', shopper);
  await shot(shopper, 'walk-checkout-bn');
  await shopper.getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }).click();
  await expect(shopper.getByRole('heading', { name: 'অর্ডার সফল হয়েছে!' })).toBeVisible();
  await findings.check('the order’s success page', shopper);
  const orderId = ((await shopper.locator('strong.font-mono').first().innerText()).match(/HT-\S+/) ?? [''])[0];
  expect(orderId).toMatch(/^HT-/);

  // /track before delivery: the amounts to hand the rider.
  const track = async () => {
    await shopper.goto(`/track?orderId=${orderId}`);
    await shopper.getByLabel('মোবাইল নম্বর').fill(mobile);
    await shopper.getByRole('button', { name: 'ট্র্যাক করুন' }).click();
    await expect(shopper.getByText(orderId).first()).toBeVisible();
  };
  await track();
  await findings.check('/track of a pending order', shopper);

  // ---- The owner, in Bangla at desktop width: the order card, the invoice, the promotions. ----
  await chooseLanguage(owner, 'bn');
  await owner.goto('/dashboard/my-order');
  const card = owner.getByRole('article', { name: `অর্ডার ${orderId}` });
  await expect(card).toBeVisible();
  await findings.check('the owner’s order card', owner, card);
  await expect(owner).toHaveTitle('অর্ডারসমূহ | Haat');
  const orders = (await (await request.get('/api/order/get-all-order', { headers: auth })).json()).data as { _id: string; orderId: string }[];
  const order = orders.find((o) => o.orderId === orderId)!;
  await owner.goto(`/dashboard/invoice/${order._id}`);
  await expect(owner.getByRole('article', { name: `ইনভয়েস ${orderId}` })).toContainText('রং: লাল');
  await findings.check('the invoice', owner);
  await shot(owner, 'walk-invoice-bn');

  await owner.goto('/dashboard/promotions');
  const offerCard = owner.getByTestId('promotion-card').filter({ hasText: `ঈদ অফার ${tag}` });
  await expect(offerCard).toBeVisible();
  await findings.check('the owner’s offer card', owner, offerCard);
  await findings.check('the owner’s voucher card', owner, owner.getByTestId('promotion-card').filter({ hasText: `EID${tag}` }));
  await findings.check('the promotions page’s heading', owner, owner.getByRole('main').locator('h1').first());
  await owner.getByRole('button', { name: 'নতুন অফার' }).click();
  const newPromotion = owner.getByRole('form', { name: 'নতুন অফার' });
  await expect(newPromotion).toBeVisible();
  await findings.check('the new promotion form', owner, newPromotion);
  await shot(owner, 'walk-promotions-bn');

  // The variants in the owner's product form: the edit dialog of this kurta.
  await owner.goto(`/dashboard/products?search=KU${tag}-L-RED`);
  await owner.getByRole('button', { name: /সম্পাদনা করুন$/ }).first().click();
  const dialog = owner.getByRole('dialog');
  await expect(dialog.getByLabel('বাংলায় পণ্যের বিস্তারিত')).toHaveValue('• হাতে সেলাই করা\n• নরম সুতি');
  // The form edits both languages: the English option names and values the owner typed are shown beside their Bangla.
  await findings.check('the product form with its variants', owner, dialog, ['Size', 'Colour', 'Red', 'Blue']);
  await shot(owner, 'walk-variants-form-bn');
  await owner.keyboard.press('Escape');

  // ---- Delivered, the shopper asks /track for another size and colour; the owner approves and receives it. ----
  expect((await request.patch(`/api/order/update-status/${order._id}`, { data: { status: 'Delivered' }, headers: auth })).ok()).toBeTruthy();
  await track();
  const ask = `${orderId} অর্ডারের পণ্য ফেরত বা বদল`;
  await shopper.getByRole('button', { name: ask }).click();
  const form = shopper.getByRole('form', { name: ask });
  await form.getByLabel('বদল (অন্য সাইজ বা রং)').check();
  await form.getByRole('spinbutton').fill('1');
  await form.getByRole('combobox').first().selectOption({ value: wanted });
  await form.getByLabel('কারণ').selectOption({ label: 'ভুল সাইজ' });
  await form.getByLabel('ছবি (ঐচ্ছিক, সর্বোচ্চ ৩টি)').setInputFiles({ name: 'kurta.png', mimeType: 'image/png', buffer: await png([30, 58, 138]) });
  await expect(form.getByText('১টি ছবি বাছাই করা হয়েছে')).toBeVisible();
  await findings.check('the exchange form on /track', shopper);
  await shot(shopper, 'walk-exchange-form-bn');
  await form.getByRole('button', { name: 'অনুরোধ পাঠান' }).click();
  await expect(shopper.getByText('আপনার অনুরোধ পাঠানো হয়েছে। আমরা এসএমএসে জানাব।')).toBeVisible();
  await findings.check('/track with the exchange asked', shopper);

  await owner.goto('/dashboard/returns');
  const returnCard = owner.getByRole('article', { name: `বদল ${orderId}` });
  await expect(returnCard).toBeVisible();
  await findings.check('the owner’s exchange card, asked', owner, returnCard);
  await returnCard.getByRole('button', { name: 'অনুমোদন', exact: true }).click();
  await owner.getByRole('button', { name: 'সব', exact: true }).click();
  await expect(returnCard.getByTestId('return-state')).toHaveText('অনুমোদিত');
  await findings.check('the owner’s exchange card, approved', owner, returnCard);
  await returnCard.getByRole('button', { name: 'পণ্য ফেরত পেয়েছি' }).click();
  await expect(returnCard.getByTestId('return-state')).toHaveText('গ্রহণ করা হয়েছে');
  await findings.check('the owner’s exchange card, received', owner, returnCard);
  await shot(owner, 'walk-returns-bn');
  const replacement = ((await returnCard.getByText(/HT-/).last().innerText()).match(/HT-[\w-]+/g) ?? []).find((id) => id !== orderId)!;
  expect(replacement).toMatch(/^HT-/);
  await owner.goto('/dashboard/my-order');
  const replacementCard = owner.getByRole('article', { name: `অর্ডার ${replacement}` });
  await expect(replacementCard).toContainText(`অর্ডার ${orderId}-এর বদল`);
  await findings.check('the replacement order’s card', owner, replacementCard);
  await track();
  await expect(shopper.getByTestId('return-status')).toContainText(replacement);
  await findings.check('/track with the exchange received', shopper);
  await expect.poll(() => latestSms(mobile)).toMatch(/[\u0980-\u09FF]/);
  await phone.close();

  // ---- Staff: the owner invites a catalogue clerk by mobile; the clerk signs in on a phone, in Bangla. ----
  const clerkMobile = `018${tag}${tag.slice(-2)}`;
  await owner.goto('/dashboard/staff');
  const invite = owner.getByRole('form', { name: 'কর্মী আমন্ত্রণ' });
  await findings.check('the staff page’s invitation form', owner, invite);
  await invite.getByLabel('নাম').fill(`রিনা ${tag}`);
  await invite.getByLabel('মোবাইলে').check();
  await invite.getByLabel('মোবাইল নম্বর').fill(clerkMobile);
  await invite.getByLabel('ভূমিকা').selectOption('CATALOGUE');
  await invite.getByRole('button', { name: 'আমন্ত্রণ পাঠান' }).click();
  await expect(owner.getByText(/আমন্ত্রণ পাঠানো হয়েছে/)).toBeVisible();
  const staffRow = owner.getByRole('row', { name: new RegExp(`রিনা ${tag}`) });
  await expect(staffRow).toBeVisible();
  // The whole staff page: its forms, the table's heads, each member's role and state; the names are the people's own.
  const staff = (await (await request.get('/api/staff', { headers: auth })).json()).data as { name: string }[];
  await findings.check('the staff page with the invitation sent', owner, undefined, staff.flatMap((s) => s.name.split(/\s+/)));
  await findings.check('the invited clerk’s row', owner, staffRow);
  await shot(owner, 'walk-staff-bn');

  const clerkPhone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const clerk = await clerkPhone.newPage();
  await clerk.goto('/');
  await chooseLanguage(clerk, 'bn');
  await clerk.goto('/login-mobile');
  await findings.check('the mobile sign-in page', clerk);
  await clerk.getByLabel('মোবাইল নম্বর').fill(clerkMobile);
  await clerk.getByRole('button', { name: 'এসএমএসে কোড পাঠান' }).click();
  await expect.poll(() => latestSms(clerkMobile)).toMatch(/লগইন কোড \d{6}/);
  await findings.check('the mobile sign-in page, code sent', clerk);
  const code = /লগইন কোড (\d{6})/.exec(latestSms(clerkMobile)!)![1]!;
  await clerk.getByRole('textbox').first().click();
  await clerk.keyboard.type(code);
  await clerk.getByRole('button', { name: 'সাইন ইন' }).click();
  // A staff member starts on their first page (the catalogue's).
  await expect(clerk).toHaveURL(/\/dashboard\/category$/);
  await clerk.goto('/my-account');
  await expect(clerk.getByRole('link', { name: 'অফার ও ভাউচার' }).first()).toBeVisible();
  await findings.check('the clerk’s menu', clerk);
  await clerk.goto('/dashboard/promotions');
  await expect(clerk.getByTestId('promotion-card').filter({ hasText: `ঈদ অফার ${tag}` })).toBeVisible();
  await findings.check('the clerk’s promotions page', clerk, clerk.getByTestId('promotion-card').filter({ hasText: `ঈদ অফার ${tag}` }));
  await shot(clerk, 'walk-clerk-bn');
  await clerkPhone.close();

  expect(findings.found, 'Latin words or {{ on the Bangla pages').toEqual([]);
});

// The walk's promotions apply to its own kurta only; still, none stays running for the journeys after it. Nor does
// the kurta stay the shop's newest product, which journeys after it take as a plain one (one without sizes).
test.afterEach(async ({ request, adminToken }) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  for (const id of walked?.promotions ?? []) await request.put(`/api/promotion/${id}/active`, { headers, data: { active: false } });
  if (walked) expect((await request.delete('/api/product/delete-product', { headers, data: { productId: walked.productId } })).ok()).toBeTruthy();
  walked = undefined;
});
