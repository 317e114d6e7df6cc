import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { hostile, hostileName, watchForScripts } from './hostile-text';
import { createLayer, uploadGeojson, waitForMapIdle } from './viewer-fixtures';
import { emptyWorkspace, loggedInPage } from './viewer-probes';

type Place = { longitude: number; latitude: number };
type ViewerHook = {
  toScreen(lon: number, lat: number): { x: number; y: number } | undefined;
  engine: { flyTo(camera: object, duration: number): void };
};

/** A block of land off the Dutch coast, large enough to click at any zoom used here. */
const block = { west: 3.0, south: 52.3, east: 4.0, north: 52.9 };
const middle: Place = { longitude: 3.5, latitude: 52.6 };

/** Clicks the map where a place shows (the map's test hook says where). */
async function clickPlace(page: Page, place: Place) {
  const canvas = await page.locator('.cesium-widget canvas').boundingBox();
  const point = await page.evaluate(
    ({ longitude, latitude }) =>
      (window as unknown as { __viewer: ViewerHook }).__viewer.toScreen(longitude, latitude),
    place,
  );
  if (!canvas || !point) throw new Error(`${place.longitude}, ${place.latitude} is not on the map`);
  await page.mouse.click(canvas.x + point.x, canvas.y + point.y);
}

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

/**
 * The map's own screens (issue 25, §7): a layer's name in the layer tree and a feature's
 * name, property keys and values in the feature information, all markup and script,
 * shown as text, and nothing of it runs.
 */
test('markup and script in layer names and feature properties show as text on the map', async ({
  browser,
  request,
}) => {
  const { session, account, workspace } = await emptyWorkspace(request, 'xssmap');
  const properties = {
    name: hostileName(hostile.img, 'Dike'),
    description: hostile.svg,
    website: hostile.link,
    [hostile.svg]: 'a key with markup',
  };
  const source = await uploadGeojson(session, account, hostileName(hostile.svg, 'Dikes'), {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [block.west, block.south],
              [block.east, block.south],
              [block.east, block.north],
              [block.west, block.north],
              [block.west, block.south],
            ],
          ],
        },
      },
    ],
  });
  const layerName = hostileName(hostile.img, 'Dike layer');
  await createLayer(session, workspace.id, layerName, source.id);

  ({ context } = await loggedInPage(browser, session));
  const page = await context.newPage();
  const expectNothingRan = await watchForScripts(page);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  const tree = page.getByRole('tree', { name: 'Layers' });
  await expect(tree.getByText(layerName, { exact: true })).toBeVisible();
  await expectNothingRan('layer tree');

  // Straight above the block, with the layer panel out of the way.
  await page.getByRole('button', { name: 'Close the layers panel' }).click();
  await page.evaluate(
    (camera) => (window as unknown as { __viewer: ViewerHook }).__viewer.engine.flyTo(camera, 0),
    { ...middle, height: 150_000, heading: 0, pitch: -90, roll: 0 },
  );
  await waitForMapIdle(page);
  await clickPlace(page, middle);

  const info = page.getByRole('region', { name: 'Feature information' });
  await expect(info).toBeVisible();
  await expect(info.getByText(layerName, { exact: true })).toBeVisible();
  await expect(info.getByText(properties.name, { exact: true }).first()).toBeVisible();
  for (const value of [hostile.svg, hostile.link, 'a key with markup'])
    await expect(info.getByRole('cell', { name: value, exact: true }).first()).toBeVisible();
  await expect(info.getByRole('rowheader', { name: hostile.svg, exact: true })).toBeVisible();
  await expectNothingRan('feature information');
});
