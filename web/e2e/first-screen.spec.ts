import { type APIRequestContext, devices, type Page } from '@playwright/test';
import { en } from '../src/i18n/en';
import { nl } from '../src/i18n/nl';
import {
  type ApiSession,
  apiSession,
  type CreatedAccount,
  createAccount,
  createWorkspace,
  uniqueName,
} from './accounts';
import { expect, test } from './fixtures';
import { holdRequests, holdTheApp } from './hold-requests';
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

/**
 * A new user with a new account (`accountName`), the browser signed in as them with that account
 * active, as the login would leave it.
 */
async function signedInWithNewAccount(
  page: Page,
  request: APIRequestContext,
  userPrefix: string,
  accountName: string,
): Promise<{ session: ApiSession; account: CreatedAccount }> {
  const session = await apiSession(request, await createActiveUser(request, userPrefix));
  const account = await createAccount(session, uniqueName(accountName));
  await page.goto('/healthz');
  await page.evaluate(
    ({ token, accountId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('activeAccount', String(accountId));
    },
    { token: session.token, accountId: account.id },
  );
  return { session, account };
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

/**
 * Records, frame by frame, which heading the page shows (the boot script's early copy, the app's,
 * both or neither) in window.headings, each change once.
 */
const recordHeadings = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { headings: string[] };
    w.headings = [];
    const frame = () => {
      const early = document.getElementById('early-screen') !== null;
      const app = document.querySelector('#main-content h1') !== null;
      const now = early && app ? 'both' : early ? 'early' : app ? 'app' : 'neither';
      if (w.headings.at(-1) !== now && !(now === 'neither' && w.headings.length === 0)) w.headings.push(now);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
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
  const { session, account } = await signedInWithNewAccount(page, request, 'first-screen', 'Shift-free');
  // A list longer than the window: what is below it would be pushed out of sight when it arrives.
  for (let i = 1; i <= 24; i++) await createWorkspace(session, account, `Workspace ${i}`);
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

test("a short account page's footer waits for the security events below the workspaces, whose code comes last", async ({
  page,
  request,
}) => {
  const { account } = await signedInWithNewAccount(page, request, 'first-screen-short', 'Short page');
  await recordShifts(page);
  // The section's code arrives well after the page's data: the footer, at the bottom of a short
  // page's window, would be shown and then pushed down by it.
  await page.route(/\/assets\/audit-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/account/${account.slug}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible({ timeout: 15_000 });
  await expect(main.getByRole('heading', { name: en.audit.activity })).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

// The server sends a phone's layout of the shell to a phone's browser (its user agent).
const layouts = [
  { name: 'at 1280 px', use: {} },
  {
    name: 'on a phone',
    use: {
      userAgent: devices['Pixel 5'].userAgent,
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    },
  },
];

for (const layout of layouts) {
  test.describe(layout.name, () => {
    test.use(layout.use);

    test("an account page's heading is drawn before the app has run, where the app then draws it", async ({
      page,
      request,
    }) => {
      // Text, never markup: the name is drawn as the app draws it.
      const { account } = await signedInWithNewAccount(
        page,
        request,
        'early-heading',
        'Early <b>heading</b> &',
      );
      await recordShifts(page);
      await recordHeadings(page);
      const release = await holdTheApp(page);
      await open(page, `/account/${account.slug}`);

      // Drawn from the boot script's early read of the accounts, with the app's code held back.
      const early = page.locator('#early-screen');
      await expect(early.getByText(account.name, { exact: true })).toBeVisible();
      await expect(early.getByText(`${account.name}, made by a test`)).toBeVisible();
      await expect(early.getByText(en.menu.account, { exact: true })).toBeVisible();
      await expect(early.locator('b')).toHaveCount(0);
      // Not a second heading for assistive technology: the app's heading is the page's.
      await expect(page.getByRole('heading', { name: account.name })).toHaveCount(0);
      const drawnEarly = await early.locator('h1').boundingBox();

      release();
      await takenOver(page);
      const heading = page.getByRole('main').getByRole('heading', { level: 1, name: account.name });
      await expect(heading).toBeVisible();
      await expect(early).toHaveCount(0);
      // In every frame from the early heading on, one heading: never both, never neither.
      expect(await page.evaluate(() => (window as unknown as { headings: string[] }).headings)).toEqual([
        'early',
        'app',
      ]);
      // The app's heading stands where the early one stood, as large: nothing moved.
      const drawn = await heading.boundingBox();
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs((drawn?.[side] ?? 0) - (drawnEarly?.[side] ?? -1))).toBeLessThan(1);
      }
      expect(await layoutShift(page)).toBeLessThan(0.01);
    });
  });
}

test('an account page opened in another language than its prerendered shell draws no early heading', async ({
  page,
  request,
}) => {
  const { account } = await signedInWithNewAccount(page, request, 'early-heading-lang', 'Not early');
  await page.evaluate(() => localStorage.setItem('language', 'nl'));
  const release = await holdTheApp(page);
  await open(page, `/account/${account.slug}`);
  // The English shell is not shown (the app draws Dutch), so neither is an English heading over it.
  await expect(page.locator('html')).toHaveAttribute('data-handoff', 'render');
  // The boot script has asked for the account's workspaces: it knew the account, and chose.
  await page.waitForFunction(() =>
    Object.keys(
      (window as { earlyReads?: { responses: Record<string, unknown> } }).earlyReads?.responses ?? {},
    ).some((url) => url.startsWith('/api/workspaces?account=')),
  );
  await expect(page.locator('#early-screen')).toHaveCount(0);
  release();
  await takenOver(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: account.name })).toBeVisible();
});

test("a slow accounts answer does not hold the app's code back for an account page's early heading", async ({
  page,
  request,
}) => {
  const { account } = await signedInWithNewAccount(page, request, 'early-heading-slow', 'Slow answer');
  const release = await holdRequests(page, /\/api\/accounts\?/);
  const entryAsked = page.waitForRequest(/\/assets\/index-[\w-]+\.js$/);
  await open(page, `/account/${account.slug}`);
  // Asked for while the accounts answer, which the early heading waits for, is still held.
  await entryAsked;
  await expect(page.locator('#early-screen')).toHaveCount(0);
  release();
  await takenOver(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: account.name })).toBeVisible();
});
