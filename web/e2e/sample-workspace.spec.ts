import { apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';

test('a new account makes a sample workspace in one click and lands on its map', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'sample');
  const account = await createAccount(await apiSession(request, user), uniqueName('First steps'));
  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await expect(page.getByText('No workspaces found, press Create Workspace to get started')).toBeVisible();
  await page.getByRole('button', { name: 'Create a sample workspace' }).click();
  await expect(page).toHaveURL(/\/workspace\/view\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sample: World' })).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Layers' });
  await expect(tree.getByRole('checkbox', { name: 'Countries', exact: true })).toBeChecked();
  await expect(tree.getByRole('checkbox', { name: 'Country names' })).toBeChecked();
  await expect(tree.getByRole('radio', { name: 'Natural Earth II' })).toBeChecked();
});
