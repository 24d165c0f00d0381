import { expect, test } from './fixtures';

test('home shows the header and the footer', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header');
  await expect(header.getByRole('link', { name: 'Haat home' })).toBeVisible();
  await expect(header.getByText('My Cart')).toBeVisible();
  const footer = page.locator('footer');
  await expect(footer.getByText('All Rights Reserved 2025')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Facebook' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Instagram' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'LinkedIn' })).toBeVisible();
  await expect(footer.getByText('support@haat.test')).toBeVisible();
});

test('an unknown route shows Oops!', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous Page' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
