import { expect, gotoReady, test } from './fixtures';

test('switching to Nederlands translates the interface and is remembered', async ({ page }) => {
  await gotoReady(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Nederlands' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('main').getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Voor vragen en ondersteuning');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Taal' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test.describe('in a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test('the interface starts in Dutch', async ({ page }) => {
    await gotoReady(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('button', { name: 'Donker thema gebruiken' })).toBeVisible();
  });
});
