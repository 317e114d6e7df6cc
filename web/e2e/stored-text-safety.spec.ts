import type { APIResponse } from '@playwright/test';
import { type ApiSession, apiSession } from './accounts';
import { expect, test } from './fixtures';
import { hostile, hostileName, watchForScripts } from './hostile-text';
import { createActiveUser, logIn } from './identity';
import { createLayer, createShareLink, createSource, createUserGroup } from './viewer-fixtures';

const auth = (session: ApiSession) => ({ Authorization: `Token ${session.token}` });
const suffix = () => Math.random().toString(36).slice(2, 7);

/** The answer's JSON, after checking its status. */
async function answered<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * Names and descriptions with markup and script in them (issue 25, §7): the API keeps
 * them byte for byte, every screen shows them as text, and nothing in them runs. A
 * `javascript:` address is refused wherever the API takes a URL.
 */
test('markup and script in names are stored as sent and shown as text on every screen', async ({
  browser,
  page,
  request,
}) => {
  const expectNothingRan = await watchForScripts(page);
  const user = await createActiveUser(request, 'xss');
  const session = await apiSession(request, user);
  const headers = auth(session);

  const accountName = hostileName(hostile.img, `Acct${suffix()}`);
  const accountDescription = hostile.svg;
  const account = await answered<{ id: number; slug: string }>(
    await request.post('/api/accounts', {
      headers,
      data: { admin: session.userId, name: accountName, description: accountDescription },
    }),
    201,
  );
  const workspaceName = hostileName(hostile.svg, 'Harbour');
  const workspaceDescription = hostile.link;
  const workspace = await answered<{ id: number }>(
    await request.post('/api/workspaces', {
      headers,
      data: {
        admin: session.userId,
        account: account.id,
        name: workspaceName,
        description: workspaceDescription,
      },
    }),
    201,
  );
  const sourceName = hostileName(hostile.img, 'Tiles');
  const source = await createSource(session, { ...account, name: accountName }, sourceName, 3, {
    url: 'https://tile.example.org/{z}/{x}/{y}.png',
  });
  const layerName = hostileName(hostile.link, 'Quays');
  await createLayer(session, workspace.id, layerName, source.id);
  const groupName = hostileName(hostile.svg, 'Pilots');
  await createUserGroup(session, { ...account, name: accountName }, groupName);
  const { token } = await createShareLink(session, workspace.id);
  const me = await answered<{ results: { id: number }[] }>(
    await request.get('/api/extendUsers', { headers }),
    200,
  );
  const profileId = me.results[0]?.id;
  await answered(
    await request.patch(`/api/extendUsers/${profileId}`, {
      headers,
      data: { company: hostile.img, city: hostile.link },
    }),
    200,
  );

  // Stored as sent: every read gives the text back byte for byte.
  const read = async <T>(path: string) => answered<T>(await request.get(path, { headers }), 200);
  const accounts = await read<{ results: { id: number; name: string; description: string }[] }>(
    '/api/accounts',
  );
  expect(accounts.results).toEqual([
    expect.objectContaining({ name: accountName, description: accountDescription }),
  ]);
  expect(await read(`/api/workspaces/${workspace.id}`)).toMatchObject({
    name: workspaceName,
    description: workspaceDescription,
  });
  expect(await read(`/api/datasources/${source.id}`)).toMatchObject({ name: sourceName });
  const layers = await read<{ results: { name: string }[] }>(`/api/layers?workspace=${workspace.id}`);
  expect(layers.results.map((layer) => layer.name)).toContain(layerName);
  const groups = await read<{ results: { name: string }[] }>(`/api/userGroup?account=${account.id}`);
  expect(groups.results.map((group) => group.name)).toEqual([groupName]);
  const profiles = await read<{ results: object[] }>('/api/extendUsers');
  expect(profiles.results[0]).toMatchObject({ company: hostile.img, city: hostile.link });

  // Where the API takes an address, a script address is refused.
  const scriptSource = await request.post('/api/datasources', {
    headers,
    data: {
      name: 'Script',
      type: 3,
      account: account.id,
      config: { url: 'javascript:alert(1)//{z}/{x}/{y}' },
    },
  });
  expect(scriptSource.status()).toBe(400);
  const { version } = await read<{ version: number }>(`/api/workspaces/${workspace.id}`);
  const scriptDashboard = await request.patch(`/api/workspaces/${workspace.id}`, {
    headers,
    data: { version, workspacePlugins: JSON.stringify({ bi: { url: 'javascript:alert(1)' } }) },
  });
  expect(scriptDashboard.status()).toBe(400);

  await logIn(page, user);
  const main = page.getByRole('main');

  // The account's page, and the menu titled with the active account.
  await page.goto(`/account/${account.slug}`);
  await expect(main.getByRole('heading', { level: 1, name: accountName })).toBeVisible();
  await expect(main.getByText(workspaceName, { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText(accountName, { exact: true })).toBeVisible();
  await expectNothingRan('account page');

  await page.goto('/accounts');
  await expect(main.getByText(accountName, { exact: true })).toBeVisible();
  await expect(main.getByText(accountDescription, { exact: true })).toBeVisible();
  await expectNothingRan('accounts list');

  await page.goto('/datasources');
  await expect(main.getByText(sourceName, { exact: true })).toBeVisible();
  await expectNothingRan('data sources list');

  await page.goto('/usergroups');
  await expect(main.getByText(groupName, { exact: true })).toBeVisible();
  await expectNothingRan('user groups');

  await page.goto('/profile');
  await expect(main.getByLabel('Company name')).toHaveValue(hostile.img);
  await expect(main.getByLabel('City')).toHaveValue(hostile.link);
  await expectNothingRan('profile');

  // The workspace's editor (its layer tree), without the map itself in this project.
  await page.goto(`/workspace/${workspace.id}`);
  await expect(page.getByRole('heading', { level: 1, name: workspaceName })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Layers' }).getByText(layerName, { exact: true }),
  ).toBeVisible();
  await expectNothingRan('workspace editor');

  // The share page, logged out.
  const visitor = await browser.newContext();
  const sharePage = await visitor.newPage();
  const expectNothingRanShared = await watchForScripts(sharePage);
  await sharePage.goto(`/workspace/share/${workspace.id}/${token}`);
  await expect(sharePage.getByRole('heading', { level: 1, name: workspaceName })).toBeVisible();
  await expect(
    sharePage.getByRole('tree', { name: 'Layers' }).getByText(layerName, { exact: true }),
  ).toBeVisible();
  await expectNothingRanShared('share page');
  await visitor.close();
});

/** The watch itself: markup that does reach a page as HTML is caught, though the CSP stops its script. */
test('the watch catches hostile text that reaches the page as HTML', async ({ page }) => {
  const expectNothingRan = await watchForScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNothingRan('login');
  await page.evaluate((markup) => document.body.insertAdjacentHTML('beforeend', markup), hostile.img);
  await expect(expectNothingRan('login with markup')).rejects.toThrow(/injected|violations/);
  // The policy held: the handler did not run.
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
});
