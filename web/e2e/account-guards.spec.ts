import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, type TestUser } from './identity';

/** Opens the app with a stored token, as a returning visitor would: nothing is loaded yet. */
async function returnWithToken(page: Page, token: string) {
  await page.goto('/no-such-page');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

async function userWithAccounts(
  request: Parameters<typeof createActiveUser>[0],
  prefix: string,
  count: number,
) {
  const user: TestUser = await createActiveUser(request, prefix);
  const session = await apiSession(request, user);
  const accounts = [];
  for (let i = 0; i < count; i++) accounts.push(await createAccount(session, uniqueName(`${prefix} ${i}`)));
  return { user, session, accounts };
}

test('guard 1: an account route opened straight away fetches the accounts first', async ({
  page,
  request,
}) => {
  const { session, accounts } = await userWithAccounts(request, 'guardone', 1);
  await returnWithToken(page, session.token);
  await page.goto('/accounts');
  // Without the accounts, guard 7 would have sent this user to /account/create.
  await expect(page).toHaveURL(/\/accounts$/);
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(accounts[0]?.name ?? '');
});

test("guard 3: home sends a logged-in user to the first account's page", async ({ page, request }) => {
  const { session, accounts } = await userWithAccounts(request, 'guardthree', 2);
  const [first, second] = accounts;
  await returnWithToken(page, session.token);
  await page.evaluate((id) => localStorage.setItem('activeAccount', String(id)), second?.id);
  for (const path of ['/', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/account/${first?.slug}$`));
  }

  // Without an account: where one is created.
  const { session: empty } = await userWithAccounts(request, 'guardthree', 0);
  await returnWithToken(page, empty.token);
  await page.goto('/');
  await expect(page).toHaveURL(/\/account\/create$/);
});

test('guard 4: the account page shows the loading overlay until its workspaces are in', async ({
  page,
  request,
}) => {
  const { session, accounts } = await userWithAccounts(request, 'guardfour', 1);
  const account = accounts[0];
  if (!account) throw new Error('no account');
  await createWorkspace(session, account, 'Slow harbour');
  await returnWithToken(page, session.token);
  await page.goto('/accounts');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/workspaces\?account=/, async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('main').getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${account.slug}$`));
  await expect(page.getByRole('status')).toHaveText('Loading content');
  release();
  await expect(page.getByRole('listitem').filter({ hasText: 'Slow harbour' })).toBeVisible();
  await expect(page.getByRole('status')).toBeHidden();
});

test('guard 7: account routes without an account go to /account/create', async ({ page, request }) => {
  const { session } = await userWithAccounts(request, 'guardseven', 0);
  await returnWithToken(page, session.token);
  for (const path of [
    '/accounts',
    '/shared',
    '/workspace/create',
    '/account/someone-else',
    '/workspace/view/1',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account\/create$/);
  }
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Create an account to get started');
  // Create account itself needs a login only.
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
});

test("an account page of someone else's slug, and a workspace out of reach, are not found", async ({
  page,
  request,
}) => {
  const owner = await userWithAccounts(request, 'owner', 1);
  const ownerAccount = owner.accounts[0];
  if (!ownerAccount) throw new Error('no account');
  const workspace = await createWorkspace(owner.session, ownerAccount, 'Private');
  const other = await userWithAccounts(request, 'other', 1);

  await returnWithToken(page, other.session.token);
  await page.goto(`/account/${ownerAccount.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Private')).toHaveCount(0);
  for (const path of [
    `/workspace/${workspace.id}`,
    `/workspace/view/${workspace.id}`,
    '/workspace/view/abc',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
});
