import { expect, gotoReady, test } from './fixtures';

const lightBackground = 'rgb(250, 250, 250)';
const darkBackground = 'rgb(18, 18, 18)';

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await gotoReady(page, '/');
  await expect(page.locator('body')).toHaveCSS('background-color', lightBackground);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('body')).toHaveCSS('background-color', darkBackground);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  await page.reload();
  await expect(page.locator('body')).toHaveCSS('background-color', darkBackground);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test.describe('with a dark system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('the theme follows the system until toggled', async ({ page }) => {
    await gotoReady(page, '/');
    await expect(page.locator('body')).toHaveCSS('background-color', darkBackground);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await expect(page.locator('body')).toHaveCSS('background-color', lightBackground);
  });
});
