import { expect, gotoReady, test } from './fixtures';
import { createActiveUser, logOut, snackbar, submitLogin } from './identity';
import { linkPath, waitForMail } from './mail';

test('reset a forgotten password with the link from the mail', async ({ page, request }) => {
  const user = await createActiveUser(request, 'reset');
  const newPassword = 'Another-Staple-Lamp-42';

  await gotoReady(page, '/');
  await page.getByRole('link', { name: 'Forgotten password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(snackbar(page)).toHaveText('Check your inbox to reset your password');

  const path = linkPath(await waitForMail(user.email, /password/i), '/password-reset/');
  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}!`);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The password confirmation does not match.')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(snackbar(page)).toHaveText('Your password has been reset');
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, user.username, user.password);
  await expect(snackbar(page)).toHaveText('Unable to log in with provided credentials.');
  await submitLogin(page, user.username, newPassword);
  await expect(page).toHaveURL(/\/account\/create$/);

  // The link was used: the server's detail in an error snackbar.
  // Logged out for good before the link opens: a logout still under way would land on / instead.
  await logOut(page);
  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(snackbar(page)).toBeVisible();
  await expect(page).toHaveURL(/\/password-reset\//);
});
