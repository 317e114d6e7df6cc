import type { Page } from '@playwright/test';
import { en } from '../src/i18n/en';
import { nl } from '../src/i18n/nl';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser } from './identity';

/**
 * The first screen drawn from the HTML and CSS the server sends (issue 26; web/src/prerender/),
 * then taken over by the app without a visible change.
 */

/** The login form as the visitor sees it: its heading and fields. */
async function expectLoginForm(page: Page, texts: typeof en.auth = en.auth) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: texts.loginTitle })).toBeVisible();
  await expect(main.getByLabel(texts.username)).toBeVisible();
  await expect(main.getByLabel(texts.password, { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: texts.login, exact: true })).toBeVisible();
}

/** Holds the app's entry script back until `release` is called: the page as it is before the JavaScript. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a path without waiting for the load event, which a held-back script would keep from firing. */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: 'domcontentloaded' });

const takenOver = (page: Page) => page.waitForFunction(() => 'app' in document.documentElement.dataset);

/** Records every layout shift of the page from its start, in window.shifts. */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: { at: number; value: number }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.shifts.push({ at: entry.startTime, value: entry.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The sum of the page's layout shifts so far, once two frames have laid out what changed last. */
async function layoutShift(page: Page): Promise<number> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() =>
    (window as unknown as { shifts: { value: number }[] }).shifts.reduce(
      (sum, shift) => sum + shift.value,
      0,
    ),
  );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page shows its heading and fields', async ({ page }) => {
    await page.goto('/');
    await expectLoginForm(page);
    // A submit cannot put the password in an address.
    await expect(page.locator('form')).toHaveAttribute('method', 'post');
  });
});

test('the app takes the login page over without a layout shift or a hydration error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Every layout shift, and when the app took over (data-app on <html>).
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { at: number; value: number }[]; takenOverAt?: number };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.shifts.push({ at: entry.startTime, value: entry.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (w.takenOverAt === undefined && 'app' in document.documentElement.dataset)
        w.takenOverAt = performance.now();
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });
  });
  await page.goto('/');
  await takenOver(page);
  await expect(page.locator('html')).toHaveAttribute('data-handoff', 'hydrate');
  // Two frames after the take-over: whatever it moved has been laid out.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const { shifts, takenOverAt } = await page.evaluate(() => {
    const w = window as unknown as { shifts: { at: number; value: number }[]; takenOverAt: number };
    return { shifts: w.shifts, takenOverAt: w.takenOverAt };
  });
  const duringTakeOver = shifts
    .filter((shift) => shift.at <= takenOverAt + 100)
    .reduce((sum, shift) => sum + shift.value, 0);
  expect(duringTakeOver).toBeLessThan(0.01);
  await expectLoginForm(page);
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});

test('a session ended in this tab: the login is drawn by the app, which says why, without a hydration error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/login');
  await page.evaluate(() => sessionStorage.setItem('sessionEnded', JSON.stringify({ returnTo: null })));
  await page.reload();
  await takenOver(page);
  // The prerendered login has no such message: taking it over as it is would not match.
  await expect(page.locator('html')).toHaveAttribute('data-handoff', 'render');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(en.auth.sessionEnded);
  await expectLoginForm(page);
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});

test('what is typed before the app takes over is kept', async ({ page }) => {
  const release = await holdTheApp(page);
  await open(page, '/');
  const username = page.getByRole('main').getByLabel(en.auth.username);
  await username.fill('early-bird');
  release();
  await takenOver(page);
  // The form's state has it: typing in another field re-renders the form, and the value stays.
  await page.getByRole('main').getByLabel(en.auth.password, { exact: true }).fill('secret');
  await expect(username).toHaveValue('early-bird');
});

test('a login clicked before the app takes over is handed to it', async ({ page }) => {
  const release = await holdTheApp(page);
  await open(page, '/');
  await page.getByRole('main').getByRole('button', { name: en.auth.login, exact: true }).click();
  // Still the same page: nothing was posted.
  await expect(page).toHaveURL(/\/$/);
  release();
  await takenOver(page);
  await expect(page.getByText('Username is required')).toBeVisible();
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the page is dark before the app has run', async ({ page }) => {
    const release = await holdTheApp(page);
    await open(page, '/');
    await expectLoginForm(page);
    // The theme's dark background (app/theme.ts), set by the boot script from prefers-color-scheme.
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
    release();
    await takenOver(page);
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  });
});

test.describe('for a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test('the login page comes in Dutch from the start', async ({ page }) => {
    const release = await holdTheApp(page);
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expectLoginForm(page, nl.auth);
    release();
    await takenOver(page);
    await expect(page.locator('html')).toHaveAttribute('data-handoff', 'hydrate');
    await expectLoginForm(page, nl.auth);
  });

  test('a remembered English choice shows no Dutch before the app draws English', async ({ page }) => {
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    const release = await holdTheApp(page);
    await open(page, '/');
    // Drawn in Dutch for this browser, but not shown: the app renders it afresh in English.
    await expect(page.locator('html')).toHaveAttribute('data-handoff', 'render');
    await expect(page.locator('#root')).toHaveCSS('visibility', 'hidden');
    release();
    await takenOver(page);
    await expectLoginForm(page);
  });
});

test('an account page opened signed in: the shell is taken over and its workspaces arrive without a layout shift', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'first-screen');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Shift-free'));
  // A list longer than the window: what is below it would be pushed out of sight when it arrives.
  for (let i = 1; i <= 24; i++) await createWorkspace(session, account, `Workspace ${i}`);
  await page.goto('/healthz');
  await page.evaluate(
    ({ token, accountId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('activeAccount', String(accountId));
    },
    { token: session.token, accountId: account.id },
  );
  await recordShifts(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });

  await page.goto(`/account/${account.slug}`);
  await takenOver(page);
  await expect(page.locator('html')).toHaveAttribute('data-handoff', 'hydrate');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  await expect(main.getByRole('list', { name: en.account.workspaces }).getByRole('listitem')).toHaveCount(24);
  // The account's security events and the footer come last, once the first screen is drawn.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.01);
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);

  // The Create Workspace dialog's form and validation are fetched when it is first opened, not
  // before the page's heading (a third of the page's code, which a phone waited for).
  expect(
    scripts.filter((path) => /create-workspace-dialog|workspace-details-form|use-zod-form/.test(path)),
  ).toEqual([]);
  await main.getByRole('button', { name: en.account.createWorkspace }).click();
  await expect(page.getByRole('dialog', { name: en.account.createWorkspace })).toBeVisible();
});
