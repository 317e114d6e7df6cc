import { expect, test } from './fixtures';
import { holdRequests as hold } from './hold-requests';

test('the first page is drawn before its code arrives; the overlay shows the loading text while a later screen loads, the spinner while requests run', async ({
  page,
}) => {
  const releaseLogin = await hold(page, /\/assets\/login-screen-[^/]*\.js$/);
  const releaseSites = await hold(page, /\/api\/sites/);
  const releaseRegister = await hold(page, /\/assets\/register-screen-[^/]*\.js$/);

  // The login page comes prerendered: its form is there before the screen's code and the
  // site's answer, and the banner's spinner says a request is still running.
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('progressbar', { name: 'Loading' })).toBeVisible();

  releaseLogin();
  releaseSites();
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('progressbar')).toHaveCount(0);

  // A screen whose code is still on its way: the overlay says so until it arrives.
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('status')).toHaveText('Loading content');
  releaseRegister();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toBeHidden();
});
