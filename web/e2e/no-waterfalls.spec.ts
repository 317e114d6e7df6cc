import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import {
  createLayer,
  createShareLink,
  createUserGroup,
  createXyzSource,
  fixtureOrigin,
} from './viewer-fixtures';

/**
 * No waterfalls (issue 16): every screen loads its data in at most two sequential round trips
 * after the shell. Each route is opened afresh (a full page load), every API call it makes is
 * read from the browser's resource timings, and the longest chain of calls where each started
 * only after the one before had answered is printed and held to the budget.
 *
 * The shell's own calls come first on every route and are not the screen's: the signed-in user
 * and the accounts (the navigation guards need them), the caller's user groups (loaded at
 * start-up, docs/product.md "States and transitions") and the site's branding.
 */
const budget = { sequentialRoundTrips: 2 };

const shellCalls = [
  /^\/api\/users$/,
  /^\/api\/accounts(\?page_size=\d+)?$/,
  /^\/api\/userGroup(\?page_size=\d+)?$/,
  /^\/api\/sites\?site=[^&]+$/,
];

type Call = { path: string; start: number; end: number };

/** The calls of the current document to this server's API, in the order they started. */
async function apiCalls(page: Page): Promise<Call[]> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest')
      .map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd })),
  );
  const origin = new URL(page.url()).origin;
  return entries
    .map(({ url, start, end }) => ({ url: new URL(url), start, end }))
    .filter(({ url }) => url.origin === origin && url.pathname.startsWith('/api/'))
    .map(({ url, start, end }) => ({ path: url.pathname + url.search, start, end }))
    .sort((a, b) => a.start - b.start);
}

const isShell = (call: Call) => shellCalls.some((pattern) => pattern.test(call.path));

/**
 * The longest chain among the screen's calls in which each call started after the previous one
 * had answered (calls that overlap were sent together: one round trip). Answers the chain.
 */
function longestChain(calls: readonly Call[]): Call[] {
  const chains: Call[][] = [];
  calls.forEach((call, index) => {
    let longest: Call[] = [];
    for (let before = 0; before < index; before += 1) {
      const previous = calls[before] as Call;
      const chain = chains[before] as Call[];
      if (previous.end <= call.start && chain.length > longest.length) longest = chain;
    }
    chains.push([...longest, call]);
  });
  return chains.reduce<Call[]>((best, chain) => (chain.length > best.length ? chain : best), []);
}

/** Opens `path` as a first load, waits until its screen shows and the network is quiet, and measures. */
async function measure(page: Page, path: string, ready: () => Promise<void>) {
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  const calls = await apiCalls(page);
  const screenCalls = calls.filter((call) => !isShell(call));
  const chain = longestChain(screenCalls);
  console.log(
    `${path}: ${calls.length} API calls (${calls.length - screenCalls.length} the shell's), ` +
      `${chain.length} sequential after the shell: ${chain.map((call) => call.path).join(' → ') || '–'}`,
  );
  return chain;
}

test('every screen loads its data in at most two sequential round trips after the shell', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createActiveUser(request, 'waterfalls');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Waterfalls'));
  const workspace = await createWorkspace(session, account, uniqueName('Harbour'));
  const source = await createXyzSource(
    session,
    account,
    'Harbour tiles',
    `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`,
  );
  const group = await createUserGroup(session, account, 'Surveyors');
  await createLayer(session, workspace.id, 'Harbour tiles', source.id, { user_groups: [group.id] });
  const share = await createShareLink(session, workspace.id);

  await logIn(page, user);
  const main = page.getByRole('main');
  const heading = (name: string | RegExp) => async () => {
    await expect(main.getByRole('heading', { name }).first()).toBeVisible();
  };
  const screens: [string, () => Promise<void>][] = [
    [
      '/profile',
      async () => expect(main.getByRole('cell', { name: user.username, exact: true })).toBeVisible(),
    ],
    ['/accounts', async () => expect(main.getByText(account.name).first()).toBeVisible()],
    [`/account/${account.slug}`, async () => expect(main.getByText(workspace.name).first()).toBeVisible()],
    ['/shared', heading(/shared/i)],
    ['/account/create', heading(/account/i)],
    ['/workspace/create', heading(/workspace/i)],
    [`/workspace/${workspace.id}`, async () => expect(page.getByText('Harbour tiles').first()).toBeVisible()],
    [
      `/workspace/view/${workspace.id}`,
      async () => expect(page.getByText(workspace.name).first()).toBeVisible(),
    ],
    ['/datasources', async () => expect(main.getByText('Harbour tiles').first()).toBeVisible()],
    ['/datasource/create', heading(/data source/i)],
    [
      `/datasource/edit/${source.id}`,
      async () => expect(main.getByRole('textbox').first()).toHaveValue(/.+/),
    ],
    ['/usergroups', async () => expect(main.getByText('Surveyors').first()).toBeVisible()],
    ['/layers', async () => expect(main.getByText('Harbour tiles').first()).toBeVisible()],
  ];
  const over: string[] = [];
  for (const [path, ready] of screens) {
    const chain = await measure(page, path, ready);
    if (chain.length > budget.sequentialRoundTrips)
      over.push(`${path}: ${chain.map((c) => c.path).join(' → ')}`);
  }

  // A visitor with the share link: no session, so the shell asks only for the site.
  const visitor = await browser.newPage();
  const publicChain = await measure(visitor, `/workspace/share/${workspace.id}/${share.token}`, async () => {
    await expect(visitor.getByText(workspace.name).first()).toBeVisible();
  });
  if (publicChain.length > budget.sequentialRoundTrips) {
    over.push(`public workspace: ${publicChain.map((c) => c.path).join(' → ')}`);
  }
  await visitor.close();

  expect(over, `screens above ${budget.sequentialRoundTrips} sequential round trips`).toEqual([]);
});
