import { expect, test } from './fixtures';
import { createActiveUser, submitLogin } from './identity';

test('at 375 px the drawer holds the logged-in menu', async ({ page, request }) => {
  const user = await createActiveUser(request, 'mobile');
  await page.goto('/login');
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/account\/create$/);

  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('presentation').getByRole('navigation');
  await expect(drawer.getByRole('link')).toHaveText([
    'Shared Workspaces',
    'Datasources',
    'Layers',
    'User groups',
    'Profile',
  ]);
  await expect(drawer.getByRole('button')).toHaveText(['Account', 'Logout']);
  await drawer.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(drawer).toBeHidden();

  await banner.getByRole('button', { name: 'Menu' }).click();
  await drawer.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(drawer).toBeHidden();

  await banner.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('presentation').getByRole('navigation').getByRole('link')).toHaveText([
    'Login',
  ]);
});
