import { admin } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, logOut, snackbar, submitLogin } from './identity';

test('guard 6 and the menu follow the login state', async ({ page, request }) => {
  // Guard 6: an auth route, or an account route, while logged out goes home.
  for (const path of ['/profile', '/accounts', '/workspace/view/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  const nav = page.getByRole('banner').getByRole('navigation');
  await expect(nav.getByRole('link')).toHaveText(['Login']);

  const user = await createActiveUser(request, 'guard');
  await logIn(page, user, /\/account\/create$/);
  await expect(nav.getByRole('link')).toHaveText([
    'Shared Workspaces',
    'Datasources',
    'Layers',
    'User groups',
    'Profile',
  ]);
  // The account dropdown (no account yet, so it is titled 'Account'), then Logout.
  await expect(nav.getByRole('button')).toHaveText(['Account', 'Logout']);

  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(nav.getByRole('link')).toHaveText(['Login']);
});

test('a token the server no longer accepts sends the user to log in', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('token', 'revoked-or-expired'));
  await page.goto('/profile');
  // The login screen, at /login or at / (home is the login screen): which one depends on
  // which of the start-up's rejected calls (accounts, user groups) ends the session first.
  await expect(page).toHaveURL(/\/(login)?$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('guard 5: a user who must set up a second factor is held on the profile', async ({ page, request }) => {
  const user = await createActiveUser(request, 'mfareq');
  admin('user', 'mfa-required', user.username, 'on');
  const warning = 'Activeer tweestapsverificatie (multi-factor authenticatie) om verder te gaan.';

  await page.goto('/login');
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(snackbar(page)).toHaveText(warning);

  // Every other page sends back, with the warning; the profile itself stays open.
  for (const path of ['/', '/accounts', '/account/create', '/shared', '/no-such-page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/profile$/);
  }
  await expect(page.getByRole('region', { name: 'Beveiliging' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Beveiliging' }).getByText(warning)).toBeVisible();
});
