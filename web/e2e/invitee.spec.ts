import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, submitLogin, uniqueUser } from './identity';
import { linkPath, waitForMail } from './mail';
import { lookAt } from './screenshot';

test('an invited colleague registers from the mail, is told where they are going, and lands on the workspace', async ({
  page,
  request,
}, testInfo) => {
  const alice = await createActiveUser(request, 'inviter');
  const session = await apiSession(request, alice);
  const workspace = await createWorkspace(
    session,
    await createAccount(session, uniqueName('Gemeente')),
    uniqueName('Canal district'),
  );
  const bob = uniqueUser('invitee');
  const invited = await session.request.post('/api/invite', {
    headers: { Authorization: `Token ${session.token}` },
    data: { workspace: workspace.id, email: bob.email },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // Bob has no login here yet: the mail sends him to register.
  const invitation = await waitForMail(bob.email, /shared a workspace/);
  expect(invitation.text).toContain(workspace.name);
  expect(invitation.text).toContain('the workspace opens right after');
  await page.goto(linkPath(invitation, '/register'));
  const main = page.getByRole('main');
  await main.getByLabel('Username', { exact: true }).fill(bob.username);
  await main.getByLabel('Email', { exact: true }).fill(bob.email);
  await main.getByLabel('Password', { exact: true }).fill(bob.password);
  await main.getByLabel('Confirm Password', { exact: true }).fill(bob.password);
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/activate$/);

  await page.goto(linkPath(await waitForMail(bob.email, /activ/i), '/activation/'));
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, bob.username, bob.password);

  // Guard 7 first, as the spec has it; the screen says why, and for which workspace.
  await expect(page).toHaveURL(/\/account\/create$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await expect(main.getByRole('alert')).toHaveText('Create an account to get started');
  const note = main.getByRole('status');
  await expect(note).toContainText(`You were invited to “${workspace.name}”`);
  await expect(note).toContainText('first create your own account');
  await lookAt(page, testInfo, 'create-account-invited');

  await main.getByLabel('Account name').fill(uniqueName('Bob maps'));
  await main.getByLabel('Account description').fill('The water board');
  await main.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(new RegExp(`/workspace/view/${workspace.id}$`));
  // The map's page loads once more (its own Content-Security-Policy): more time than a screen change.
  await expect(main.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible({
    timeout: 30_000,
  });
  await expect(main.getByText('View', { exact: true })).toBeVisible();
});
