import sharp from 'sharp';
import { ADMIN, expect, latestCode, login, test, unique } from './fixtures';

test('register → login → profile and avatar → add, edit, delete an address → logout', async ({ page }) => {
  const email = unique('shopper');
  await page.goto('/register');
  await page.getByLabel('Name').fill('Rahim Uddin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, email, 'secret123');
  const header = page.locator('header');
  await header.getByRole('button', { name: 'Account' }).click();
  const menu = header.getByRole('navigation', { name: 'My Account' });
  await expect(menu.getByText('My Account')).toBeVisible();
  await expect(menu.getByText('Rahim Uddin')).toBeVisible();
  await expect(menu.getByText('(ADMIN)')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Category' })).toHaveCount(0);
  await menu.getByRole('link', { name: /Rahim Uddin/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);

  // Profile: save, then the reloaded user shows the new values.
  await page.getByLabel('Name').fill('Rahim Hasan');
  await page.getByLabel('Mobile', { exact: true }).fill('01712345678');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Rahim Hasan');
  await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('01712345678');

  // A new password needs the current one: the field appears only then.
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('Change Password').fill('newpass789');
  await page.getByLabel('Current password').fill('wrong-pass');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill('secret123');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);

  // Avatar: choose, preview, upload.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#16a34a' } }).png().toBuffer();
  await dialog.getByLabel('Choose avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: 'Preview' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Avatar updated successfully')).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: "Rahim Hasan's avatar" })).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);

  // Addresses, from the dashboard's side menu.
  await page.getByRole('complementary').getByRole('link', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/dashboard\/address$/);
  await page.getByRole('button', { name: 'Add Address' }).click();
  const add = page.getByRole('dialog', { name: 'Add Address' });
  await add.getByLabel("Recipient's name").fill('Karim Ahmed');
  await add.getByLabel('Address Line').fill('House 7, Road 3, Dhanmondi');
  await add.getByLabel('City').fill('Dhaka');
  await add.getByLabel('Mobile').fill('0171234567');
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(add.getByText('Mobile number must be exactly 11 digits')).toBeVisible();
  await add.getByLabel('Mobile').fill('01712345679');
  await add.getByRole('button', { name: 'Submit' }).click();
  const card = page.getByTestId('address-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('House 7, Road 3, Dhanmondi');

  await card.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address' });
  await expect(edit.getByLabel('City')).toHaveValue('Dhaka');
  await edit.getByLabel('City').fill('Gazipur');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(card).toContainText('Gazipur');
  await page.reload();
  await expect(page.getByTestId('address-card')).toContainText('Gazipur');

  await page.getByTestId('address-card').getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' });
  await expect(confirm.getByText('Are you sure you want to delete this item?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(0);

  // Log out: storage cleared, back home as a guest.
  await header.getByRole('button', { name: 'Account' }).click();
  await header.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')])).toEqual([null, null]);
  await login(page, email, 'newpass789');
});

test('forgot password with the code from a real SMTP server → reset → login with the new password', async ({ page, account }) => {
  test.skip(!process.env.E2E_SMTP_URL, 'needs scripts/e2e.mjs to start the SMTP server');
  const { email } = account;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByText('Password reset email sent.Please Check your email')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-otp$/);

  let code: string | undefined;
  await expect.poll(() => (code = latestCode(email)), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code!);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/password-reset$/);

  await page.getByLabel('New Password', { exact: true }).fill('newpass456');
  await page.getByLabel('Confirm New Password').fill('newpass456');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/user/update-password'));
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // The one-time token from verify-otp goes along; without it the server refuses.
  expect((await sent).postDataJSON()).toMatchObject({ email, resetToken: expect.stringMatching(/^[\w-]{43}$/) });
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await login(page, email, 'newpass456');
});

test('the recovery pages send a visitor without the carried e-mail to /forgot-password', async ({ page }) => {
  await page.goto('/verify-otp');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto('/password-reset');
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a USER opening /dashboard/category sees Oops!; the ADMIN sees the page', async ({ page, account, login }) => {
  await login(account.email, account.password);
  await page.goto('/dashboard/category');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();

  await page.locator('header').getByRole('button', { name: 'Account' }).click();
  await page.locator('header').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await login(ADMIN.email, ADMIN.password);
  await page.locator('header').getByRole('button', { name: 'Account' }).click();
  const menu = page.locator('header').getByRole('navigation', { name: 'My Account' });
  await expect(menu.getByText('(ADMIN)')).toBeVisible();
  for (const label of ['Category', 'SubCategory', 'Upload Product', 'Product', 'Orders', 'Shipping Cost', 'My Orders', 'Addresses']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Category', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Category' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops!' })).toHaveCount(0);
});
