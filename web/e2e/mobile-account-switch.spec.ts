import { apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';

test('at 375 px the bottom drawer lists the accounts and switches between them', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'mswitch');
  const session = await apiSession(request, user);
  const first = await createAccount(session, uniqueName('East'));
  const second = await createAccount(session, uniqueName('West'));
  await logIn(page, user, new RegExp(`/account/${first.slug}$`));

  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('presentation').getByRole('navigation');
  await drawer.getByRole('button', { name: first.name }).click();
  const accounts = drawer.getByRole('list', { name: 'Accounts' });
  await expect(accounts.getByRole('button')).toHaveText([first.name, second.name]);
  await expect(accounts.getByRole('link')).toHaveText(['Create account', 'Manage accounts']);

  await accounts.getByRole('button', { name: second.name }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${second.slug}$`));
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();

  await banner.getByRole('button', { name: 'Menu' }).click();
  await drawer.getByRole('button', { name: second.name }).click();
  await drawer.getByRole('link', { name: 'Manage accounts' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
});
