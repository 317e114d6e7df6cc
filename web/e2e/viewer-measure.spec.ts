import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import geodesic from 'geographiclib-geodesic';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, plausibleEndpoint, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { mapFixtures } from './map-service-fixtures';
import { lookAt } from './screenshot';
import { terrainFixture, terrainHeight } from './terrain-fixture';
import { createLayer, createSource, fixtureOrigin, waitForMapIdle } from './viewer-fixtures';

/**
 * The Measure tool (web/src/features/viewer/tools/measure, web/src/viewer/sketch.ts):
 * points placed with the mouse and by touch where the map shows known places, a
 * dragged and a removed point, the distance the panel shows against the geodesic one
 * worked out here, and Escape ending the drawing; and points placed on a 3D tileset and
 * on terrain, whose heights the panel's height difference gives away.
 */

type Place = { longitude: number; latitude: number; height?: number };
const west: Place = { longitude: 4.96, latitude: 52.0 };
const east: Place = { longitude: 5.04, latitude: 52.0 };
const north: Place = { longitude: 5.0, latitude: 52.04 };

const geodesicMetres = (from: Place, to: Place) =>
  geodesic.Geodesic.WGS84.Inverse(from.latitude, from.longitude, to.latitude, to.longitude).s12 ?? 0;

/** Where a place (at its height, else on the ellipsoid) shows on the page, from the map's test hook. */
async function onPage(page: Page, place: Place) {
  const box = await page.locator('.cesium-widget canvas').boundingBox();
  const point = await page.evaluate(
    ({ longitude, latitude, height }) =>
      (
        window as unknown as {
          __viewer: { toScreen(lon: number, lat: number, h?: number): { x: number; y: number } };
        }
      ).__viewer.toScreen(longitude, latitude, height),
    place,
  );
  if (!box || !point) throw new Error(`${place.longitude}, ${place.latitude} is not on the map`);
  const at = { x: box.x + point.x, y: box.y + point.y };
  // Not under the panels and buttons that float over the map: a click there would be theirs.
  const onCanvas = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.matches('.cesium-widget canvas') ?? false,
    at,
  );
  if (!onCanvas) throw new Error(`${place.longitude}, ${place.latitude} is hidden under the map's controls`);
  return at;
}

/** A window of its own, touchable when asked; the analytics endpoint answered here (as e2e/fixtures.ts does). */
async function mapContext(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  await context.route(plausibleEndpoint, (route) =>
    route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' }),
  );
  return context;
}

const clickAt = async (page: Page, place: Place) => {
  const { x, y } = await onPage(page, place);
  await page.mouse.click(x, y);
};

/** Puts the camera straight above a place, at once. */
async function lookDownAt(page: Page, place: Place, height: number) {
  await page.evaluate(
    (camera) =>
      (
        window as unknown as { __viewer: { engine: { flyTo(c: object, d: number): void } } }
      ).__viewer.engine.flyTo(camera, 0),
    { longitude: place.longitude, latitude: place.latitude, height, heading: 0, pitch: -90, roll: 0 },
  );
  await waitForMapIdle(page);
}

/** A row of the results as the panel shows it ("6.857 km", "+1,234.5 m", "−3.0 m"), in metres. */
async function shownMetres(page: Page, row: RegExp) {
  const text = (await page.getByRole('row', { name: row }).getByRole('cell').textContent()) ?? '';
  const [, sign = '', value = 'NaN', unit] = /([+\-−]?)([\d.,]+) (m|km)/.exec(text) ?? [];
  const metres = Number.parseFloat(value.replace(/,/g, '')) * (unit === 'km' ? 1000 : 1);
  return sign === '-' || sign === '−' ? -metres : metres;
}

const shownGroundMetres = (page: Page) => shownMetres(page, /Along the ground/);
const shownHeightDifference = (page: Page) => shownMetres(page, /Height difference/);

const expectWithinOnePercent = async (page: Page, metres: number) =>
  expect.poll(async () => Math.abs((await shownGroundMetres(page)) / metres - 1)).toBeLessThan(0.01);

test('measures between points placed by mouse and by touch, moved and removed, and Escape ends', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const user = await createActiveUser(request, 'measure');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Surveyors'));
  const workspace = await createWorkspace(session, account, uniqueName('Polder'));

  const context = await mapContext(browser, { hasTouch: true, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  await lookDownAt(page, { longitude: 5, latitude: 52.01 }, 25_000);

  await page.getByRole('button', { name: 'Measure' }).click();
  const panel = page.getByRole('region', { name: 'Measure' });
  await expect(panel.getByText('Place at least two points to measure a distance.')).toBeVisible();

  // Two clicks: the distance between them, within 1 % of the geodesic one.
  for (const place of [west, east]) await clickAt(page, place);
  await expect(panel.getByText('2 points')).toBeVisible();
  await expectWithinOnePercent(page, geodesicMetres(west, east));

  // The east point dragged north: the distance follows.
  const from = await onPage(page, east);
  const to = await onPage(page, north);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++)
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 8, from.y + ((to.y - from.y) * step) / 8);
  await page.mouse.up();
  await expectWithinOnePercent(page, geodesicMetres(west, north));
  await expect(panel.getByText('2 points')).toBeVisible();

  // A right click on it removes it.
  await page.mouse.click(to.x, to.y, { button: 'right' });
  await expect(panel.getByText('1 point', { exact: true })).toBeVisible();

  // A tap places one.
  const tap = await onPage(page, east);
  await page.touchscreen.tap(tap.x, tap.y);
  await expect(panel.getByText('2 points')).toBeVisible();
  await expectWithinOnePercent(page, geodesicMetres(west, east));

  // Escape ends: a further click adds nothing.
  await page.keyboard.press('Escape');
  await expect(panel.getByText(/Measurement finished/)).toBeVisible();
  const elsewhere = await onPage(page, north);
  await page.waitForTimeout(1000);
  await page.mouse.click(elsewhere.x, elsewhere.y);
  await page.waitForTimeout(500);
  await expect(panel.getByText('2 points')).toBeVisible();

  // An area with the same points plus the north one, then the pictures.
  await panel.getByRole('button', { name: 'Area' }).click();
  await page.mouse.click(elsewhere.x, elsewhere.y);
  await expect(panel.getByRole('row', { name: /Area in plan/ })).toContainText('km²');
  await panel.getByRole('button', { name: 'Distance' }).click();
  await expect(panel.getByText('3 points')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitForMapIdle(page);
    await lookAt(page, testInfo, 'viewer-measure', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 740 });
    await waitForMapIdle(page);
    await lookAt(page, testInfo, 'viewer-measure', { fullPage: false });
  }
  await context.close();
});

/**
 * The 3D box (map-service-fixtures.ts: 40 × 30 km, its roof 1,000 m above the ellipsoid)
 * stands on the fixture's terrain (terrain-fixture.ts: a ramp, 500 m at the box's middle
 * latitude, rising 1,500 m a degree northwards). The panel shows no point's height, but its
 * height difference (first to last point) is the difference of two: ground to roof, roof
 * to roof and ground to ground each give one away. Within 3 m: the roof's point comes from
 * the depth buffer (within 0.8 m at these distances, VIEWER-TESTING.md), a click lands
 * within half a pixel (about 50 m here, so 1 m up or down the ramp) and the panel rounds
 * to 0.1 m; a point on the ellipsoid instead of the terrain, or on the ground instead of
 * the roof, is hundreds of metres off.
 */
test('measures heights on a 3D tileset and on terrain', async ({ browser, request }, testInfo) => {
  test.setTimeout(300_000);
  const user = await createActiveUser(request, 'measure3d');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Surveyors'));
  const workspace = await createWorkspace(session, account, uniqueName('Quarry'));
  const origin = fixtureOrigin();
  const tileset = await createSource(session, account, '3D box', 4, {
    url: `${origin}/3dtiles/box/tileset.json`,
  });
  const terrain = await createSource(session, account, 'Ramp', 8, {
    url: `${origin}${terrainFixture.path}`,
  });
  await createLayer(session, workspace.id, '3D box', tileset.id);
  await createLayer(session, workspace.id, 'Ramp', terrain.id);

  const context = await mapContext(browser, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  // The panels first: the tool's narrows the map, the layers' covers part of it; the
  // camera then frames the box in what is left.
  await page.getByRole('button', { name: 'Close the layers panel' }).click();
  await page.getByRole('button', { name: 'Measure' }).click();
  const panel = page.getByRole('region', { name: 'Measure' });
  const box = mapFixtures.tiles3d;
  await lookDownAt(page, box.centre, 70_000);

  const roof = box.size.up;
  const ground = (longitude: number, latitude: number): Place => ({
    longitude,
    latitude,
    height: terrainHeight(longitude, latitude),
  });
  // 25 km west of the box's middle (its wall is 20 km away): 500 m up the ramp.
  const westOfBox = ground(box.centre.longitude - 0.37, box.centre.latitude);
  // 20 km north and south of it (its walls are 15 km away): 770 m and 230 m.
  const northOfBox = ground(box.centre.longitude, box.centre.latitude + 0.18);
  const southOfBox = ground(box.centre.longitude, box.centre.latitude - 0.18);
  const expectHeightDifference = (metres: number) =>
    expect.poll(async () => Math.abs((await shownHeightDifference(page)) - metres)).toBeLessThan(3);

  // From the ground beside the box to its roof.
  await clickAt(page, westOfBox);
  await clickAt(page, { ...box.centre, height: roof });
  await expect(panel.getByText('2 points')).toBeVisible();
  await expectHeightDifference(roof - (westOfBox.height ?? 0));

  // Across the roof: level, and as far apart as the places clicked.
  await panel.getByRole('button', { name: 'Clear' }).click();
  const roofWest = { longitude: 6.7, latitude: 52.56, height: roof };
  const roofEast = { longitude: 6.9, latitude: 52.64, height: roof };
  await clickAt(page, roofWest);
  await clickAt(page, roofEast);
  await expect(panel.getByText('2 points')).toBeVisible();
  await expectHeightDifference(0);
  await expectWithinOnePercent(page, geodesicMetres(roofWest, roofEast));

  // On the terrain, from north of the box down the ramp to south of it.
  await panel.getByRole('button', { name: 'Clear' }).click();
  await clickAt(page, northOfBox);
  await clickAt(page, southOfBox);
  await expect(panel.getByText('2 points')).toBeVisible();
  await expectHeightDifference((southOfBox.height ?? 0) - (northOfBox.height ?? 0));
  // One picture: the line over the box, at the width the journey ran.
  await waitForMapIdle(page);
  await lookAt(page, testInfo, 'viewer-measure-3d', { fullPage: false });
  await context.close();
});
