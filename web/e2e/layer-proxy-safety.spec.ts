import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { fixtureOrigin } from './viewer-fixtures';

/**
 * Issue 22, item 1: a tenant points a data source at a server that answers pages and
 * scripts; the layer proxy serves its answers from this product's origin. Whatever that
 * server sends — a page, a script, an SVG with a script, a page labelled as an image —
 * nothing of it runs here, and the visitor's token stays where it is.
 */
test('a layer server’s pages and scripts never run on the app’s origin', async ({ page, request }) => {
  const user = await createActiveUser(request, 'proxy');
  const session = await apiSession(request, user);
  const headers = { Authorization: `Token ${session.token}` };
  const account = await createAccount(session, uniqueName('Hostile'));
  const workspace = await createWorkspace(session, account, uniqueName('Probe'));
  // A source with a key goes through the proxy; a tileset may ask for anything in its folder.
  const source = await request.post('/api/datasources', {
    headers,
    data: {
      name: 'Hostile tiles',
      type: 4,
      account: account.id,
      config: { url: `${fixtureOrigin()}/hostile/tileset.json`, apiKey: 'hostile-key' },
    },
  });
  expect(source.status(), await source.text()).toBe(201);
  const layer = await request.post('/api/layers', {
    headers,
    data: { workspace: workspace.id, name: 'Hostile', data_source: (await source.json()).id },
  });
  expect(layer.status(), await layer.text()).toBe(201);
  const sources = await request.get(`/api/layers/sources?workspace=${workspace.id}`, { headers });
  const [proxied] = (await sources.json()).results as { config: { url: string } }[];
  const folder = String(proxied?.config.url).replace(/tileset\.json$/, '');
  expect(folder).toMatch(/^\/api\/layers\/\d+\/proxy\/[^/]+\/$/);

  // The visitor is logged in: their token is in this origin's storage.
  await logIn(page, user);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('stolen')) apiCalls.push(r.url());
  });

  for (const file of ['page.html', 'pic.svg', 'fake.png', 'app.js']) {
    // Opened as a page: refused, or downloaded — never rendered with this origin's rights.
    await page.goto(`${folder}${file}`).catch(() => undefined);
    await page.waitForLoadState('load').catch(() => undefined);
    expect(await page.title(), file).not.toContain('ran:');
  }
  // Included as a script by a page of this origin: not served as one.
  await page.goto('/login');
  const loaded = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve('ran');
        script.onerror = () => resolve('refused');
        document.head.append(script);
      }),
    `${folder}app.js`,
  );
  expect(loaded).toBe('refused');
  expect(await page.title()).not.toContain('ran:');
  expect(apiCalls).toEqual([]);
  // What the map needs still comes through, inert.
  const tileset = await request.get(`${folder}tileset.json`);
  expect(tileset.status()).toBe(200);
  expect(tileset.headers()['x-content-type-options']).toBe('nosniff');
  expect(tileset.headers()['content-security-policy']).toBe(
    "default-src 'none'; sandbox; frame-ancestors 'none'",
  );
});
