import { apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, uniqueUser } from './identity';

test('create a user group, add someone by e-mail who waits for registration, delete the group', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'groups');
  const account = await createAccount(await apiSession(request, user), uniqueName('Groups'));

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.getByRole('banner').getByRole('link', { name: 'User groups' }).click();
  await expect(page).toHaveURL(/\/usergroups$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'User Groups' })).toBeVisible();
  await expect(main.getByText('No user groups found.')).toBeVisible();

  await main.getByRole('button', { name: 'Create group' }).click();
  await expect(main.getByText('This field is required')).toBeVisible();
  const name = main.getByRole('textbox', { name: 'Name' });
  await name.fill('Field workers');
  await main.getByRole('button', { name: 'Create group' }).click();
  const groups = main.getByRole('list', { name: 'User groups' });
  const row = groups.getByRole('listitem').filter({ hasText: 'Field workers' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(name).toHaveValue('');

  await row.getByRole('button', { name: 'Members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Members of Field workers' });
  await expect(dialog.getByText('This group has no members yet.')).toBeVisible();
  const person = uniqueUser('newcomer');
  const newcomer = person.email;
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(newcomer);
  await dialog.getByRole('button', { name: 'Add' }).click();
  const member = dialog.getByRole('listitem').filter({ hasText: newcomer });
  await expect(member).toContainText('Waiting for registration');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('1 member');

  // The address's owner registers and logs in: the membership becomes theirs.
  await apiSession(request, await createActiveUser(request, 'newcomer', person));
  await page.reload();
  await row.getByRole('button', { name: 'Members' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: newcomer })).toContainText(person.username);
  await expect(dialog.getByText('Waiting for registration')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user group' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(main.getByText('No user groups found.')).toBeVisible();
});
