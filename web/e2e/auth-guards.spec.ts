import { expect, test } from './fixtures';
import { createActiveUser, logIn, logOut } from './identity';

test('the menu and the guards follow the login state', async ({ page, request }) => {
  // Guard 6: an auth route while logged out goes home.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('banner').getByRole('navigation');
  await expect(nav.getByRole('link')).toHaveText(['Login']);

  const user = await createActiveUser(request, 'guard');
  await logIn(page, user);
  await expect(nav.getByRole('link')).toHaveText(['Profile']);
  await expect(nav.getByRole('button')).toHaveText(['Logout']);
  // Home is for logged-out users; a logged-in one goes where logins go.
  await page.goto('/');
  await expect(page).toHaveURL(/\/profile$/);

  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(nav.getByRole('link')).toHaveText(['Login']);
});

test('a token the server no longer accepts sends the user to log in', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('token', 'revoked-or-expired'));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

// Guard 5 needs a user whose profile requires a second factor. Only the operator CLI
// (`npm run admin -- user mfa-required USERNAME on`, RUNTIME.md) can set that, and it
// does not exist yet; src/app/router.test.tsx covers the guard meanwhile.
test.fixme('guard 5: a user who must set up a second factor is held on the profile', async () => {});
