import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { type Extent, rectanglesGeojson } from './map-service-fixtures';
import { mapCamera, uploadGeojson, waitForMapIdle } from './viewer-fixtures';
import { emptyWorkspace, loggedInPage, placeLayer, rowAction } from './viewer-probes';

/**
 * Issue 24, item 4: the editor's panel covers the left of the map, so what the map flies
 * to is framed in the rest: the opening view's centre, and a layer zoomed to. Closing the
 * panel keeps the view on what it showed, and the camera a saved view would keep is the
 * same with the panel open or closed.
 */

/** A small rectangle away from the opening view (5.3° E 52.1° N). */
const rectangle: Extent = [7.0, 50.6, 7.3, 50.8];
const middle = { longitude: (rectangle[0] + rectangle[2]) / 2, latitude: (rectangle[1] + rectangle[3]) / 2 };

type Hook = { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } | undefined } };
const onScreen = (page: Page, longitude: number, latitude: number) =>
  page.evaluate(([lon, lat]) => (window as unknown as Hook).__viewer.toScreen(lon, lat), [
    longitude,
    latitude,
  ] as const);

/** The map's box and the part of it the editor's panel leaves free, in the map's CSS pixels. */
async function freePart(page: Page, workspaceName: string, panelOpen: boolean) {
  const map = await page.getByRole('region', { name: `3D map of ${workspaceName}` }).boundingBox();
  if (!map) throw new Error('No map');
  let left = 0;
  if (panelOpen) {
    const panel = await page.getByRole('region', { name: 'Edit workspace' }).boundingBox();
    if (!panel) throw new Error('No panel');
    left = panel.x + panel.width - map.x;
  }
  return {
    left,
    width: map.width,
    height: map.height,
    centre: { x: (left + map.width) / 2, y: map.height / 2 },
  };
}

/** Waits until a point shows at `target` (within `tolerance` pixels): flights take a moment. */
async function expectAt(page: Page, longitude: number, latitude: number, target: { x: number; y: number }) {
  const tolerance = 12;
  await expect
    .poll(
      async () => {
        const point = await onScreen(page, longitude, latitude);
        return point ? Math.max(Math.abs(point.x - target.x), Math.abs(point.y - target.y)) : Infinity;
      },
      { timeout: 30_000, message: `${longitude}, ${latitude} at ${target.x}, ${target.y}` },
    )
    .toBeLessThan(tolerance);
}

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

test('frames the opening view and a layer zoomed to in the part of the map the panel leaves free', async ({
  browser,
  request,
}) => {
  const { session, account, workspace } = await emptyWorkspace(request, 'zoom');
  const upload = await uploadGeojson(session, account, 'Valley', rectanglesGeojson([rectangle]));
  await placeLayer(session, workspace.id, { name: 'Valley', source: upload.id, position: 0 });

  const opened = await loggedInPage(browser, session);
  context = opened.context;
  const { page } = opened;
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await expect(page.getByRole('region', { name: 'Edit workspace' })).toBeVisible();
  await waitForMapIdle(page);

  // The opening view's centre, straight below the camera, shows in the middle of the free part,
  // and the camera a saved view keeps is the workspace's own.
  const free = await freePart(page, workspace.name, true);
  expect(free.left).toBeGreaterThan(400);
  await expectAt(page, 5.3, 52.1, free.centre);
  const opening = await mapCamera(page);
  expect(opening.longitude).toBeCloseTo(5.3, 6);
  expect(opening.latitude).toBeCloseTo(52.1, 6);
  expect(Math.abs((opening.height ?? 0) - 350_000)).toBeLessThan(3_500);

  await rowAction(page, 'Valley', 'Zoom to layer');
  await expectAt(page, middle.longitude, middle.latitude, free.centre);
  await waitForMapIdle(page);
  // All of it in the free part, none under the panel.
  for (const [lon, lat] of [
    [rectangle[0], rectangle[1]],
    [rectangle[2], rectangle[1]],
    [rectangle[2], rectangle[3]],
    [rectangle[0], rectangle[3]],
  ] as const) {
    const corner = await onScreen(page, lon, lat);
    expect(corner?.x).toBeGreaterThan(free.left);
    expect(corner?.x).toBeLessThan(free.width);
    expect(corner?.y).toBeGreaterThan(0);
    expect(corner?.y).toBeLessThan(free.height);
  }
  const zoomed = await mapCamera(page);
  await page.screenshot({ path: test.info().outputPath('zoomed-beside-panel.png') });

  // Closing the panel: the layer moves to the middle of the whole map, and the camera a saved view keeps stays.
  await page.getByRole('button', { name: 'Close the layers panel' }).click();
  await expect(page.getByRole('region', { name: 'Edit workspace' })).toBeHidden();
  const whole = await freePart(page, workspace.name, false);
  await expectAt(page, middle.longitude, middle.latitude, whole.centre);
  const closed = await mapCamera(page);
  expect(Math.abs((closed.longitude ?? 0) - (zoomed.longitude ?? 0))).toBeLessThan(0.001);
  expect(Math.abs((closed.latitude ?? 0) - (zoomed.latitude ?? 0))).toBeLessThan(0.001);
  expect(closed.heading).toBeCloseTo(zoomed.heading ?? 0, 1);
});
