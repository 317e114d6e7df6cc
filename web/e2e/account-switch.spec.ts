import { apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';

test('at 1280 px the account dropdown switches the active account', async ({ page, request }) => {
  const user = await createActiveUser(request, 'switch');
  const session = await apiSession(request, user);
  const first = await createAccount(session, uniqueName('North'));
  const second = await createAccount(session, uniqueName('South'));

  await logIn(page, user, new RegExp(`/account/${first.slug}$`));
  const banner = page.getByRole('banner');
  const dropdown = banner.getByRole('button', { name: first.name });
  await dropdown.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    first.name,
    second.name,
    'Create account',
    'Manage accounts',
  ]);

  await menu.getByRole('menuitem', { name: second.name }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${second.slug}$`));
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  await expect(banner.getByRole('button', { name: second.name })).toBeVisible();

  // The choice is remembered: a reload keeps it, and so does the next login.
  await page.reload();
  await expect(banner.getByRole('button', { name: second.name })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('activeAccount'))).toBe(String(second.id));

  await banner.getByRole('button', { name: second.name }).click();
  await page.getByRole('menuitem', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});
