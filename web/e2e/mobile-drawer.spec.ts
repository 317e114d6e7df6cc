import { expect, gotoReady, test } from './fixtures';

test('at 375 px the menu button opens a bottom drawer that closes after choosing Login', async ({ page }) => {
  await gotoReady(page, '/');
  const banner = page.getByRole('banner');
  // The toolbar holds no menu items on a small screen, only the button.
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await banner.getByRole('button', { name: 'Menu' }).click();
  const login = page.getByRole('navigation').getByRole('link', { name: 'Login' });
  await expect(login).toBeVisible();
  const box = await login.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThan(740 / 2);

  await login.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(login).toBeHidden();
});
