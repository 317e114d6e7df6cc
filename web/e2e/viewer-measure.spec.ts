import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import geodesic from 'geographiclib-geodesic';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { waitForMapIdle } from './viewer-fixtures';

/**
 * The Measure tool (web/src/features/viewer/tools/measure, web/src/viewer/sketch.ts):
 * points placed with the mouse and by touch where the map shows known places, a
 * dragged and a removed point, the distance the panel shows against the geodesic one
 * worked out here, and Escape ending the drawing.
 */

type Place = { longitude: number; latitude: number };
const west: Place = { longitude: 4.96, latitude: 52.0 };
const east: Place = { longitude: 5.04, latitude: 52.0 };
const north: Place = { longitude: 5.0, latitude: 52.04 };

const geodesicMetres = (from: Place, to: Place) =>
  geodesic.Geodesic.WGS84.Inverse(from.latitude, from.longitude, to.latitude, to.longitude).s12 ?? 0;

/** Where a place shows on the page, from the map's test hook. */
async function onPage(page: Page, place: Place) {
  const box = await page.locator('.cesium-widget canvas').boundingBox();
  const point = await page.evaluate(
    ({ longitude, latitude }) =>
      (
        window as unknown as { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } } }
      ).__viewer.toScreen(longitude, latitude),
    place,
  );
  if (!box || !point) throw new Error(`${place.longitude}, ${place.latitude} is not on the map`);
  return { x: box.x + point.x, y: box.y + point.y };
}

/** The distance along the ground as the panel shows it ("6.857 km"), in metres. */
async function shownGroundMetres(page: Page) {
  const text =
    (await page
      .getByRole('row', { name: /Along the ground/ })
      .getByRole('cell')
      .textContent()) ?? '';
  const [, value = 'NaN', unit] = /([\d.,]+) (m|km)/.exec(text) ?? [];
  return Number.parseFloat(value.replace(/,/g, '')) * (unit === 'km' ? 1000 : 1);
}

/**
 * screenshot.ts's `lookAt` without its main-heading check: with a tool's panel open the
 * title bar's buttons leave the workspace's name no room at these widths.
 */
async function picture(page: Page, testInfo: TestInfo, name: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name}: the page is wider than the ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
  const scheme = await page.evaluate(() =>
    window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  const file = `${name}-${innerWidth}-${scheme}.png`;
  const png = await page.screenshot({ path: testInfo.outputPath(file) });
  const shared = process.env.E2E_SCREENSHOTS_DIR;
  if (shared) {
    fs.mkdirSync(shared, { recursive: true });
    fs.writeFileSync(path.join(shared, file), png);
  }
}

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

  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  await page.evaluate(() =>
    (
      window as unknown as { __viewer: { engine: { flyTo(c: object, d: number): void } } }
    ).__viewer.engine.flyTo(
      { longitude: 5, latitude: 52.01, height: 25_000, heading: 0, pitch: -90, roll: 0 },
      0,
    ),
  );
  await waitForMapIdle(page);

  await page.getByRole('button', { name: 'Measure' }).click();
  const panel = page.getByRole('region', { name: 'Measure' });
  await expect(panel.getByText('Place at least two points to measure a distance.')).toBeVisible();

  // Two clicks: the distance between them, within 1 % of the geodesic one.
  for (const place of [west, east]) {
    const { x, y } = await onPage(page, place);
    await page.mouse.click(x, y);
  }
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
    await picture(page, testInfo, 'viewer-measure');
    await page.setViewportSize({ width: 375, height: 740 });
    await waitForMapIdle(page);
    await picture(page, testInfo, 'viewer-measure');
  }
  await context.close();
});
