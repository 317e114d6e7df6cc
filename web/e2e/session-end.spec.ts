import { apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, submitLogin } from './identity';
import { lookAt } from './screenshot';

const sessionEnded = 'Your session has ended. Please log in again.';

/**
 * A token the server no longer accepts (revoked from another device) on a reload of a
 * deep page: every start-up call is refused at once, yet the user goes exactly once to
 * the login, is told why, and comes back to that page after logging in again.
 */
test('a session ended elsewhere: one way to the login, and back to the page after it', async ({
  page,
  request,
}, testInfo) => {
  const user = await createActiveUser(request, 'sessionend');
  const account = await createAccount(await apiSession(request, user), uniqueName('Ended'));
  await logIn(page, user);
  const deepPage = `/account/${account.slug}?tab=members`;
  await page.goto(deepPage);
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  // The page at rest: its Activity section loads after the first screen, and a request of it
  // refused after the logout below would end the session before the reload (on the page still
  // open, rightly), which is not the start-up this journey is about.
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expect(page.getByText('Nothing yet.').or(page.getByRole('table'))).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Logged out from another device: the same token, revoked on the server.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const logout = await request.get('/api/auth/logout', { headers: { Authorization: `Token ${token}` } });
  expect(logout.status()).toBe(200);

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      const url = new URL(frame.url());
      visited.push(`${url.pathname}${url.search}`);
    }
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  // A polite live region that stays, not a snackbar that goes.
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: sessionEnded })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Every refused call has answered by now; none of them may move the user again.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/login$/);
  expect(visited).toEqual([deepPage, '/login']);
  for (const [width, colorScheme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [375, 'dark'],
    [375, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme });
    await lookAt(page, testInfo, 'session-ended');
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(deepPage);
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();

  // Told once: a later visit of the login (after a normal logout) says nothing of it.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByText(sessionEnded)).toHaveCount(0);
});

test('an address from elsewhere is never where a login goes back to', async ({ page, request }) => {
  const user = await createActiveUser(request, 'sessionopen');
  await createAccount(await apiSession(request, user), uniqueName('Open'));
  await page.goto('/login');
  // What a crafted link or a hand edit could leave behind: another site's address.
  await page.evaluate(() =>
    sessionStorage.setItem('sessionEnded', JSON.stringify({ returnTo: '//evil.e2e.test/x' })),
  );
  await page.reload();
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/account\/[^/]+$/);
});
