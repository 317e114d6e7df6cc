import { expect, test } from './fixtures';
import { createActiveUser, logInToProfile } from './identity';

/**
 * Logout must always log out, also in the first moments of a screen, while the loading
 * overlay may rise: the overlay covers the content, never the toolbar.
 */
test('Logout works while a screen is still loading behind the overlay', async ({ page, request }) => {
  const user = await createActiveUser(request, 'logoutload');
  await logInToProfile(page, user);

  // Hold the profile's code so the overlay stays up, then open the profile afresh.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/profile-screen-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/profile');
  await expect(page.getByRole('status')).toHaveText('Loading content');

  const logout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/logout');
  await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
  await logout;
  await expect(page).toHaveURL(/\/$/);
  release();
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('Logout right after the profile appears logs out, every time', async ({ page, request }) => {
  // Three logins and logouts in a row: more than one journey's usual time on a busy machine.
  const user = await createActiveUser(request, 'logoutfast');
  await logInToProfile(page, user);
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const logout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/logout');
    await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
    await logout;
    await expect(page).toHaveURL(/\/$/);
    if (attempt < 2) await logInToProfile(page, user);
  }
});
