import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { xyzTileColour } from './fake-arcgis-portal';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import {
  colourShare,
  createLayer,
  createShareLink,
  createXyzSource,
  fixtureOrigin,
  mapCamera,
  waitForMapIdle,
} from './viewer-fixtures';

/**
 * The 3D viewer (web/src/features/viewer, web/src/viewer) in Chromium with SwiftShader:
 * layers from the fake portal's loopback server, proven by the canvas' pixels.
 */

/** A user with an account and a workspace holding a working XYZ layer and a broken one (tiles answer 404). */
async function prepare(request: APIRequestContext) {
  const user = await createActiveUser(request, 'viewer');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Viewer account'));
  const workspace = await createWorkspace(session, account, uniqueName('Viewer workspace'));
  const tiles = await createXyzSource(
    session,
    account,
    'Magenta tiles',
    `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`,
  );
  const broken = await createXyzSource(
    session,
    account,
    'Missing tiles',
    `${fixtureOrigin()}/missing/{z}/{x}/{y}.png`,
  );
  await createLayer(session, workspace.id, 'Broken tiles', broken.id);
  await createLayer(session, workspace.id, 'Magenta tiles', tiles.id);
  return { user, session, workspace };
}

/** Collects the page's Content-Security-Policy violations, which the console reports. */
function cspViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('draws a layer, hides it when unticked, and shows a broken layer’s error beside it', async ({
  page,
  request,
}) => {
  const { user, workspace } = await prepare(request);
  await logIn(page, user);
  const violations = cspViolations(page);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0); // no footer on the map

  await waitForMapIdle(page);
  expect(await colourShare(page, xyzTileColour)).toBeGreaterThan(0.6);

  // The broken layer says so, and did not stop the other from drawing.
  await expect(page.getByRole('img', { name: 'Broken tiles could not be shown' })).toBeVisible();
  await expect(page.getByText('The server answered 404.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Magenta tiles' }).uncheck();
  await waitForMapIdle(page);
  expect(await colourShare(page, xyzTileColour)).toBeLessThan(0.01);
  expect(violations).toEqual([]);
});

test('saves the view, which the next visit restores', async ({ page, request }) => {
  const { user, workspace } = await prepare(request);
  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  const start = await mapCamera(page);

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await waitForMapIdle(page);
  const saved = await mapCamera(page);
  expect(saved.height).toBeLessThan((start.height ?? 0) * 0.75);
  await page.getByRole('button', { name: 'Save as start view' }).click();
  await expect(page.getByText('The start view is saved: the workspace opens here.')).toBeVisible();

  await page.reload();
  await waitForMapIdle(page);
  const restored = await mapCamera(page);
  expect(restored.longitude).toBeCloseTo(saved.longitude ?? 0, 4);
  expect(restored.latitude).toBeCloseTo(saved.latitude ?? 0, 4);
  expect(Math.abs((restored.height ?? 0) - (saved.height ?? 0))).toBeLessThan((saved.height ?? 0) * 0.01);
});

test('the compass, the tilt and the scale bar follow the view', async ({ page, request }) => {
  const { user, workspace } = await prepare(request);
  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  const scale = page.getByRole('img', { name: /^Scale: [\d,]+ (m|km)$/ });
  await expect(scale).toBeVisible();
  const before = await scale.getAttribute('aria-label');

  // Straight down at first: the button offers the tilt, and tilts.
  await page.getByRole('button', { name: 'Tilt the view' }).click();
  await expect(page.getByRole('button', { name: 'Look straight down' })).toBeVisible();
  // The camera flies there: ask until it arrived. (−40° at the point looked at; the camera's
  // own pitch differs by the globe's curvature between the two.)
  await expect
    .poll(
      async () => {
        const { pitch = 0 } = await mapCamera(page);
        return pitch > -50 && pitch < -35;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Turned away from north, the compass turns it back around the same point.
  await page.evaluate(() => {
    const hook = (
      window as unknown as {
        __viewer: { engine: { flyTo(c: object, d: number): void; getCamera(): object } };
      }
    ).__viewer;
    hook.engine.flyTo({ ...hook.engine.getCamera(), heading: 120 }, 0);
  });
  await waitForMapIdle(page);
  expect((await mapCamera(page)).heading).toBeCloseTo(120, 0);
  await page.getByRole('button', { name: 'Face north' }).click();
  await expect
    .poll(
      async () => {
        const { heading = 0 } = await mapCamera(page);
        return Math.min(heading, 360 - heading);
      },
      { timeout: 30_000 },
    )
    .toBeLessThan(0.5);

  await page.getByRole('button', { name: 'Look straight down' }).click();
  await expect.poll(async () => (await mapCamera(page)).pitch, { timeout: 30_000 }).toBeCloseTo(-90, 0);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await waitForMapIdle(page);
  await expect(scale).not.toHaveAttribute('aria-label', before ?? '');
});

test('a share link shows the workspace read-only without a login', async ({ browser, request }) => {
  const { session, workspace } = await prepare(request);
  const { token } = await createShareLink(session, workspace.id);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/workspace/share/${workspace.id}/${token}?e2e`);
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible();
  await expect(page.getByText('Read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save as start view' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Magenta tiles' })).toBeVisible();
  // The layers' sources are read through the share link too: the tiles draw, logged out.
  await waitForMapIdle(page);
  expect(await colourShare(page, xyzTileColour)).toBeGreaterThan(0.6);
  await context.close();
});

test('pages without a map load no Cesium for themselves (at most a prefetch for a later map)', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'viewer-none');
  await createAccount(await apiSession(request, user), uniqueName('No map account'));
  // Once drawn and idle a page may prefetch the engine at the lowest priority (web-budgets.spec.ts
  // proves none of it runs); anything else would be Cesium loaded for a page without a map.
  const cesium: Promise<string | undefined>[] = [];
  page.on('request', (r) => {
    if (/\/cesium\/|cesium-engine/.test(new URL(r.url()).pathname)) {
      cesium.push(
        r.allHeaders().then((headers) => (headers['sec-purpose'] === 'prefetch' ? undefined : r.url())),
      );
    }
  });
  await logIn(page, user);
  await page.goto('/accounts');
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await Promise.all(cesium)).filter(Boolean)).toEqual([]);
});
