import { expect, latestMail, latestSms, test, unique } from './fixtures';

/**
 * Issue 28: the Owner invites a Catalogue clerk by mobile on the Staff page;
 * the clerk signs in with the texted code, sees only the Catalogue role's
 * menu, is told the orders page is not open to the role (issue 42), is given an
 * e-mail as a second way in (issue 41), and is signed out at once when the
 * Owner disables them.
 */

test('the Owner invites a clerk by mobile; the clerk sees only the Catalogue menu and is signed out when disabled', async ({ adminPage: owner, browser, baseURL }) => {
  // A number of this run's own, so a reused data folder's daily caps and accounts never meet it.
  const local = `018${String(Date.now()).slice(-8)}`;
  await owner.goto('/dashboard/staff');
  const form = owner.getByRole('form', { name: 'Invite a staff member' });
  await form.getByLabel('Name').fill('Rina Clerk');
  await form.getByLabel('By mobile').check();
  await form.getByLabel('Mobile number').fill(local);
  await form.getByLabel('Role').selectOption('CATALOGUE');
  await form.getByRole('button', { name: 'Invite' }).click();
  await expect(owner.getByText(`Invitation sent: ${local} gets a text to sign in with this number.`)).toBeVisible();
  await owner.screenshot({ path: test.info().outputPath('staff-page.png'), fullPage: true });
  await expect.poll(() => latestSms(local)).toMatch(/আপনাকে কর্মী হিসেবে যোগ করা হয়েছে। এই নম্বর দিয়ে লগইন করুন: .+\/login-mobile$/);

  // The clerk, on their own phone.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const clerk = await phone.newPage();
  await clerk.goto('/login-mobile');
  await clerk.getByLabel('Mobile number').fill(local);
  await clerk.getByRole('button', { name: 'Send code by SMS' }).click();
  await expect.poll(() => latestSms(local)).toMatch(/লগইন কোড \d{6}/);
  const code = /লগইন কোড (\d{6})/.exec(latestSms(local)!)![1]!;
  await clerk.getByLabel('Digit 1', { exact: true }).click();
  await clerk.keyboard.type(code);
  await clerk.getByRole('button', { name: 'Sign In' }).click();
  await expect(clerk.getByText('Login successful!')).toBeVisible();

  // The Catalogue role's menu: products and promotions, no orders, staff or dashboard.
  await clerk.goto('/dashboard');
  await expect(clerk).toHaveURL(/\/dashboard\/category$/);
  // On a phone the account menu is its own page.
  await clerk.goto('/my-account');
  const menu = clerk.getByRole('navigation', { name: 'My Account' }).first();
  await expect(menu.getByRole('link', { name: 'Product', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Promotions' })).toBeVisible();
  for (const hidden of ['Orders', 'Staff', 'Audit log', 'Dashboard', 'Shipping Cost']) await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  // A page the role may not use is refused, by the web and by the server.
  await clerk.screenshot({ path: test.info().outputPath('clerk-menu-390.png'), fullPage: true });
  await clerk.goto('/dashboard/my-order');
  await expect(clerk.getByText('This page is not open to your role, Catalogue.')).toBeVisible();
  await expect(clerk.getByText('Only the Owner can give you access, by changing your role on the Staff page.')).toBeVisible();
  await clerk.screenshot({ path: test.info().outputPath('clerk-role-refusal-390.png'), fullPage: true });
  const token = await clerk.evaluate(() => localStorage.getItem('access_token'));
  const refused = await phone.request.get('/api/order/get-all-order', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);

  // The Owner gives the clerk an e-mail, a second way in: a sign-in code is mailed to it.
  await owner.goto('/dashboard/staff');
  const row = owner.getByRole('row', { name: /Rina Clerk/ });
  const email = unique('rina');
  await row.getByRole('button', { name: 'Add e-mail for Rina Clerk' }).click();
  const emailForm = row.getByRole('form', { name: 'E-mail for Rina Clerk' });
  await emailForm.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await emailForm.getByRole('button', { name: 'Send sign-in code' }).click();
  await expect(owner.getByText(`Sign-in code sent to ${email}: Rina Clerk can now sign in by e-mail too.`)).toBeVisible();
  await expect(row).toContainText(email);
  await owner.screenshot({ path: test.info().outputPath('staff-email-added.png'), fullPage: true });
  await expect.poll(() => latestMail(email), { timeout: 15_000 }).toMatch(/Hello Rina Clerk,\s+Your sign-in code is \d{8}/);

  // The Owner disables the clerk: their next page finds them signed out.
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(owner.getByText('Saved. Rina Clerk is signed out everywhere.')).toBeVisible();
  await clerk.goto('/dashboard/products');
  await expect(clerk).toHaveURL(/\/login/);
  await phone.close();
});
