import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { holdTheApp } from './hold-requests';
import { createActiveUser } from './identity';
import { waitForMapIdle } from './viewer-fixtures';

/** The 3D engine's own chunk (web/src/viewer/cesium-engine.ts and Cesium, bundled together). */
const isEngineChunk = (url: string) => /\/assets\/cesium-engine-[\w-]+\.js$/.test(url);

/**
 * Issue 26, item 4: a workspace route fetches the engine from the start of its navigation, in
 * parallel with the guards' and the screen's API calls (web/src/features/viewer/screens.ts),
 * instead of after the workspace has loaded.
 */
test('a workspace route asks for the 3D engine before any of its API calls has answered', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'engine');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Engine account'));
  const workspace = await createWorkspace(session, account, uniqueName('Engine workspace'));
  // Opened straight from a link, signed in: no earlier screen of the app has run in this page.
  await page.addInitScript((token) => localStorage.setItem('token', token), session.token);

  let engineRequested!: () => void;
  const engine = new Promise<void>((resolve) => {
    engineRequested = resolve;
  });
  page.on('request', (sent) => {
    if (isEngineChunk(sent.url())) engineRequested();
  });
  // Every API answer is held until the engine has been asked for (or 20 s have passed): an
  // engine that waited for the workspace would only be asked for after the hold timed out.
  let heldAnswers = 0;
  let answeredBeforeEngine = 0;
  let engineSeen = false;
  void engine.then(() => {
    engineSeen = true;
  });
  await page.route(/\/(api|auth)\//, async (route) => {
    heldAnswers++;
    await Promise.race([engine, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (!engineSeen) answeredBeforeEngine++;
    await route.continue();
  });

  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible({ timeout: 60_000 });
  expect(heldAnswers).toBeGreaterThan(0);
  expect(answeredBeforeEngine).toBe(0);
  // The engine fetched early is the one the map runs.
  await waitForMapIdle(page);
});

/**
 * The map's pages get index.html, which asks for the engine's code beside the app's own
 * (web/scripts/engine-files-plugin.ts): on a phone's line the engine is most of the wait.
 */
test("a workspace page asks for the 3D engine before the app's code has run", async ({ page, request }) => {
  const user = await createActiveUser(request, 'engine-early');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Engine account'));
  const workspace = await createWorkspace(session, account, uniqueName('Engine workspace'));
  await page.addInitScript((token) => localStorage.setItem('token', token), session.token);
  const release = await holdTheApp(page);
  const engine = page.waitForRequest((sent) => isEngineChunk(sent.url()));
  await page.goto(`/workspace/view/${workspace.id}`, { waitUntil: 'commit' });
  // Asked for while the app's entry is still held back.
  await engine;
  release();
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible({ timeout: 60_000 });
});
