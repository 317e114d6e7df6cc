import { type APIRequestContext, expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { linkPath, waitForMail } from './mail';

export type TestUser = { username: string; email: string; password: string };

/** Satisfies the server's policy: long, uncommon, not all digits, unlike the username. */
export const strongPassword = 'Correct-Horse-Battery-9';

/** A user no other test (or earlier run on the same server) has used. */
export function uniqueUser(prefix: string): TestUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `${prefix}-${id}`;
  return { username, email: `${username}@e2e.test`, password: strongPassword };
}

/** Registers and activates a user through the API and the activation mail, as a fast preamble. */
export async function createActiveUser(
  request: APIRequestContext,
  prefix: string,
  user: TestUser = uniqueUser(prefix),
): Promise<TestUser> {
  const registered = await request.post('/api/auth/register', {
    data: { username: user.username, email: user.email, password: user.password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(user.email, /activ/i);
  const activated = await request.get(
    `/api/activate${linkPath(mail, '/activation/').slice('/activation'.length)}`,
  );
  expect(activated.status(), await activated.text()).toBe(200);
  return user;
}

/** Fills in the login form of / or /login and submits it. */
export async function submitLogin(page: Page, username: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Username', { exact: true }).fill(username);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Where a completed login lands: the active account's page, or /account/create without an account. */
export const accountLanding = /\/account\/[^/]+$/;

/** Logs in through the login screen and waits for the landing (by default an account page). */
export async function logIn(
  page: Page,
  user: Pick<TestUser, 'username' | 'password'>,
  landing: RegExp = accountLanding,
) {
  await page.goto('/login');
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(landing);
}

/** Opens the profile and waits until it shows the user. */
export async function openProfile(page: Page, username: string) {
  await page.goto('/profile');
  await expect(page.getByRole('cell', { name: username, exact: true })).toBeVisible();
}

/** Logs in, then opens the profile (the identity journeys start there). */
export async function logInToProfile(page: Page, user: Pick<TestUser, 'username' | 'password'>) {
  await logIn(page, user);
  await openProfile(page, user.username);
}

/** Logs out with the menu and waits for the login form on /. */
export async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

/** The snackbar's message (the app's one alert at the bottom). */
export const snackbar = (page: Page) => page.locator('.MuiSnackbar-root').getByRole('alert');

const period = 30;
const stepAt = (ms: number) => Math.floor(ms / 1000 / period);

/**
 * TOTP codes for one secret as an authenticator app would give them. The server accepts
 * each time step once and only steps after the last one used (and ±1 step of now), so
 * every call returns a code of a later step than the previous call, waiting if needed.
 */
export function authenticator(secret: string) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period });
  let lastStep = -1;
  return {
    async next(): Promise<string> {
      let step = Math.max(stepAt(Date.now()), lastStep + 1);
      // The server's window reaches one step ahead; further ahead needs the clock to move.
      while (step > stepAt(Date.now()) + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
      step = Math.max(step, stepAt(Date.now()));
      lastStep = step;
      return totp.generate({ timestamp: step * period * 1000 });
    },
  };
}
