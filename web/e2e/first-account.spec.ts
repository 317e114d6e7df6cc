import { uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';

test('a first login without an account: create one, then a workspace, delete both', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'first');
  await logIn(page, user, /\/account\/create$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await expect(main.getByRole('alert')).toHaveText('Create an account to get started');

  await main.getByRole('button', { name: 'Create account' }).click();
  await expect(main.getByText('Name is required')).toHaveCount(2);
  const accountName = uniqueName('Acme Maps');
  await main.getByLabel('Account name').fill(accountName);
  await main.getByLabel('Account description').fill('Our city in 3D');
  await main.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/accounts$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const accountRow = main.getByRole('listitem').filter({ hasText: accountName });
  await expect(accountRow).toContainText('Our city in 3D');
  // The new account is the active one: the dropdown carries its name.
  await expect(page.getByRole('banner').getByRole('button', { name: accountName })).toBeVisible();

  await accountRow.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/account\/acme-maps-[a-z0-9]+$/);
  await expect(main.getByRole('heading', { level: 1, name: accountName })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Workspaces' })).toBeVisible();
  await expect(main.getByText('No workspaces found, press Create Workspace to get started')).toBeVisible();

  await main.getByRole('button', { name: 'Create Workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Workspace' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toHaveCount(2);
  await dialog.getByLabel('Name').fill('Harbour');
  await dialog.getByLabel('Description').fill('The harbour in 3D');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const row = main
    .getByRole('list', { name: 'Workspaces' })
    .getByRole('listitem')
    .filter({ hasText: 'Harbour' });
  await expect(row).toContainText('The harbour in 3D');
  await expect(row.getByText('Plan')).toBeVisible();
  await expect(row.getByText('Trial', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', /\/workspace\/\d+$/);
  // The map opens from the row too: Open, and the workspace's name.
  await expect(row.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/workspace\/view\/\d+$/);
  await expect(row.getByRole('link', { name: 'Harbour' })).toHaveAttribute('href', /\/workspace\/view\/\d+$/);
  // The clone button exists but is hidden (docs/product.md, "Screens").
  await expect(row.locator('button[hidden]')).toHaveCount(1);
  await expect(row.getByRole('button')).toHaveText(['']);

  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Are you sure you want to delete this workspace?');
    void confirm.accept();
  });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(main.getByText('No workspaces found, press Create Workspace to get started')).toBeVisible();

  // Deleting the only account leads back to creating one.
  await page.getByRole('banner').getByRole('button', { name: accountName }).click();
  await page.getByRole('menuitem', { name: 'Manage accounts' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  page.once('dialog', (confirm) => void confirm.dismiss());
  await accountRow.getByRole('button', { name: 'Delete' }).click();
  await expect(accountRow).toBeVisible();
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Are you sure you want to delete this account?');
    void confirm.accept();
  });
  await accountRow.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await expect(main.getByRole('alert')).toHaveText('Create an account to get started');
});
