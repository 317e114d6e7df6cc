import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, logOut, snackbar } from './identity';
import { waitForMail } from './mail';

test('invite someone by e-mail; they find the workspace under Shared Workspaces and view it', async ({
  page,
  request,
}) => {
  const alice = await createActiveUser(request, 'alice');
  const aliceSession = await apiSession(request, alice);
  const aliceAccount = await createAccount(aliceSession, uniqueName('Alice maps'));
  const workspace = await createWorkspace(aliceSession, aliceAccount, uniqueName('Canal district'));
  const bob = await createActiveUser(request, 'bob');
  const bobAccount = await createAccount(await apiSession(request, bob), uniqueName('Bob maps'));

  await logIn(page, alice, new RegExp(`/account/${aliceAccount.slug}$`));
  const main = page.getByRole('main');
  await main
    .getByRole('listitem')
    .filter({ hasText: workspace.name })
    .getByRole('link', { name: 'Edit' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${workspace.id}$`));
  // The map's page loads once more (its own Content-Security-Policy): more time than a screen change.
  await expect(main.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible({
    timeout: 30_000,
  });
  await expect(main.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // The editor's panel: invitations are with the other ways of sharing.
  await page.getByRole('tab', { name: 'Sharing' }).click();

  const invite = page.getByRole('region', { name: 'Invite' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByText('Email is required')).toBeVisible();
  await invite.getByLabel('E-mail').fill(bob.email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(snackbar(page)).toHaveText(`Invitation sent to ${bob.email}`);
  const invitations = invite.getByRole('list', { name: 'Invitations' });
  await expect(invitations.getByRole('listitem')).toHaveCount(1);
  await expect(invitations).toContainText(bob.email);

  // The same address twice: the server's reason under the field.
  await invite.getByLabel('E-mail').fill(bob.email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByText('This address is already invited to this workspace.')).toBeVisible();

  // An invitation can be withdrawn.
  const stranger = `stranger-${Date.now()}@e2e.test`;
  await invite.getByLabel('E-mail').fill(stranger);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invitations.getByRole('listitem')).toHaveCount(2);
  await invitations
    .getByRole('listitem')
    .filter({ hasText: stranger })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(invitations.getByRole('listitem')).toHaveCount(1);
  await expect(invitations).not.toContainText(stranger);

  const mail = await waitForMail(bob.email, /shared a workspace/);
  expect(mail.text).toContain(workspace.name);
  await logOut(page);

  await logIn(page, bob, new RegExp(`/account/${bobAccount.slug}$`));
  await page.getByRole('banner').getByRole('link', { name: 'Shared Workspaces' }).click();
  await expect(page).toHaveURL(/\/shared$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Workspaces shared with you' })).toBeVisible();
  const row = main.getByRole('listitem').filter({ hasText: workspace.name });
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/view/${workspace.id}$`));
  await expect(main.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible({
    timeout: 30_000,
  });
  await expect(main.getByText('View', { exact: true })).toBeVisible();
  // Viewers neither invite nor edit.
  await expect(page.getByRole('region', { name: 'Invite' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});
