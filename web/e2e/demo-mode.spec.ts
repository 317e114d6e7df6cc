import { admin, apiSession, createAccount, createWorkspace, toolbarNav, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, logOut } from './identity';

test('a demo user lands on the demo workspace with the demo menu', async ({ page, request }) => {
  const owner = await createActiveUser(request, 'demoowner');
  const session = await apiSession(request, owner);
  const account = await createAccount(session, uniqueName('Demo'));
  const workspace = await createWorkspace(session, account, 'Demo city');
  // A visitor without an account of their own.
  const visitor = await createActiveUser(request, 'visitor');
  admin('demo', 'set', visitor.username, String(workspace.id));

  await logIn(page, visitor, new RegExp(`/workspace/view/${workspace.id}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Demo city' })).toBeVisible();
  await expect(main.getByText('View', { exact: true })).toBeVisible();
  const nav = toolbarNav(page);
  await expect(nav.getByRole('link')).toHaveText(['Shared Workspaces', 'Profile']);
  await expect(nav.getByRole('button')).toHaveText(['Logout']);
  expect(
    await page.evaluate(() => [localStorage.getItem('demo'), localStorage.getItem('demoWorkspace')]),
  ).toEqual(['true', String(workspace.id)]);

  // The demo menu's Shared Workspaces opens without an account of one's own.
  await nav.getByRole('link', { name: 'Shared Workspaces' }).click();
  await expect(page).toHaveURL(/\/shared$/);
  await expect(main.getByText('No shared workspaces found')).toBeVisible();

  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('demo'))).toBeNull();
});

test('guard 2: in demo mode home and account pages ask for the demo workspace', async ({ page, request }) => {
  const user = await createActiveUser(request, 'guardtwo');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Guard two'));
  const workspace = await createWorkspace(session, account, 'Showcase');
  admin('demo', 'set', user.username, String(workspace.id));

  const demoView = new RegExp(`/workspace/view/${workspace.id}$`);
  await logIn(page, user, demoView);
  await expect(page.getByRole('main').getByText('Admin', { exact: true })).toBeVisible();
  for (const path of [`/account/${account.slug}`, '/']) {
    await page.goto(path);
    await expect(page).toHaveURL(demoView);
    // The demo workspace drawn, not just its address: the next goto must not race the redirect.
    await expect(page.getByRole('main').getByText('Admin', { exact: true })).toBeVisible();
  }

  // The server answers 0 once the operator clears it: the account page opens as usual.
  admin('demo', 'clear', user.username);
  await page.goto(`/account/${account.slug}`);
  await expect(page).toHaveURL(new RegExp(`/account/${account.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
});
