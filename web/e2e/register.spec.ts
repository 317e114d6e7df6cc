import { expect, gotoReady, test } from './fixtures';
import { logOut, openProfile, snackbar, submitLogin, uniqueUser } from './identity';
import { linkPath, waitForMail } from './mail';

test('register, open the activation link from the mail, and log in', async ({ page, baseURL }) => {
  const user = uniqueUser('reg');
  await gotoReady(page, '/');
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await expect(page.getByText(/30 days free/)).toBeVisible();

  const form = page.getByRole('main');
  await form.getByLabel('Username', { exact: true }).fill(user.username);
  await form.getByLabel('Email', { exact: true }).fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/activate$/);
  await expect(page.getByRole('heading', { name: 'Registration successfull!' })).toBeVisible();
  await expect(snackbar(page)).toHaveText('Check your email to confirm your account!');

  const mail = await waitForMail(user.email, /activ/i);
  const path = linkPath(mail, '/activation/');
  // The link opens this very site: the server took the origin of the registration.
  expect(mail.text).toContain(`${baseURL}${path}`);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Account activated, redirecting to login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, user.username, user.password);
  // A new user has no account yet: the login lands where one is created.
  await expect(page).toHaveURL(/\/account\/create$/);
  await openProfile(page, user.username);
  await expect(page.getByRole('cell', { name: user.email, exact: true })).toBeVisible();

  // The link works once; the server says so, with a way to the login.
  await logOut(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: /already been used/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();
});

test('the register form checks its fields and shows the server’s reasons', async ({ page }) => {
  const user = uniqueUser('regerr');
  await gotoReady(page, '/register');
  const form = page.getByRole('main');

  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Username is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Confirm password is required')).toBeVisible();

  await form.getByLabel('Email', { exact: true }).fill('not-an-address');
  await form.getByLabel('Password', { exact: true }).fill('abc');
  await form.getByLabel('Confirm Password', { exact: true }).fill('abd');
  await expect(form.getByText('E-mail must be valid')).toBeVisible();
  await expect(form.getByText('Password must be more than 4 characters')).toBeVisible();
  await expect(form.getByText('The password confirmation does not match.')).toBeVisible();

  // Passes the form's rule, fails the server's policy: "key: value" in a snackbar.
  await form.getByLabel('Username', { exact: true }).fill(user.username);
  await form.getByLabel('Email', { exact: true }).fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill('password');
  await form.getByLabel('Confirm Password', { exact: true }).fill('password');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(snackbar(page)).toHaveText('password: This password is too common.');
  await expect(form.getByText(/This password is too common\./)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});
