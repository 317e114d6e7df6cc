import { type BrowserContext, expect, type Page } from '@playwright/test';
import { xyzTileColour } from './fake-arcgis-portal';
import { test } from './fixtures';
import { type Rgb, rectanglesGeojson } from './map-service-fixtures';
import { createXyzSource, fixtureOrigin, uploadGeojson, waitForMapIdle } from './viewer-fixtures';
import {
  colourAt,
  emptyWorkspace,
  loggedInPage,
  near,
  placeLayer,
  rowAction,
  rowNames,
} from './viewer-probes';

/**
 * Issue 24, item 2: the map draws layers in the tree's order, the upper one on top, also
 * after a move, a tick and an added layer; base layers (a name with `baseLayer`) lie
 * under all others wherever the tree puts them. Three opaque tile layers that cover the
 * whole globe, told apart by colour at a point of the map beside the editor's panel; and
 * two GeoJSON layers draped on the ground over one another.
 */

const colours = {
  cyan: [0, 255, 255],
  magenta: xyzTileColour,
  yellow: [255, 255, 0],
  green: [0, 160, 0],
} satisfies Record<string, Rgb>;

/** Which layer shows at a point of the map right of the editor's panel. */
async function shownAt(page: Page) {
  const colour = await colourAt(page, 0.75, 0.5);
  const match = Object.entries(colours).find(([, target]) => near(colour, target));
  return match?.[0] ?? `other (${colour.join(', ')})`;
}

/** Once the map has drawn what the editor changed: the colour it shows. */
async function settled(page: Page) {
  await waitForMapIdle(page);
  return shownAt(page);
}

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

test('draws imagery in the order of the tree, base layers under the rest', async ({ browser, request }) => {
  const { session, account, workspace } = await emptyWorkspace(request, 'order');
  const tiles = `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`;
  const source = (name: string, hex: string) =>
    createXyzSource(session, account, name, `${tiles}?colour=${hex}`);
  const cyan = await source('Cyan tiles', '00ffff');
  const magenta = await source('Magenta tiles', 'ff00ff');
  const yellow = await source('Yellow tiles', 'ffff00');
  await source('Green tiles', '00a000');
  await placeLayer(session, workspace.id, { name: 'Cyan tiles', source: cyan.id, position: 0 });
  await placeLayer(session, workspace.id, { name: 'Magenta tiles', source: magenta.id, position: 1 });
  await placeLayer(session, workspace.id, { name: 'Yellow tiles baseLayer', source: yellow.id, position: 2 });

  const opened = await loggedInPage(browser, session, { width: 1000, height: 700 });
  context = opened.context;
  const { page } = opened;
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await expect.poll(() => rowNames(page)).toEqual(['Cyan tiles', 'Magenta tiles', 'Yellow tiles']);
  await expect(page.getByRole('radio', { name: 'Show Yellow tiles' })).toBeChecked();
  expect(await settled(page)).toBe('cyan');

  // The upper layer moves below the other: the other shows.
  await rowAction(page, 'Cyan tiles', 'Move down');
  await expect.poll(() => rowNames(page)).toEqual(['Magenta tiles', 'Cyan tiles', 'Yellow tiles']);
  await expect.poll(() => settled(page)).toBe('magenta');

  // The base layer moved to the top of the tree still lies under the others.
  await rowAction(page, 'Yellow tiles', 'Move up');
  await rowAction(page, 'Yellow tiles', 'Move up');
  await expect.poll(() => rowNames(page)).toEqual(['Yellow tiles', 'Magenta tiles', 'Cyan tiles']);
  expect(await settled(page)).toBe('magenta');

  // Ticked off, the layer below shows; ticked on again, it is back on top of it.
  const magentaShown = page.getByRole('checkbox', { name: 'Show Magenta tiles' });
  // The box is the saved tick: it turns once the server has answered.
  await magentaShown.click();
  await expect(magentaShown).not.toBeChecked();
  await expect.poll(() => settled(page)).toBe('cyan');
  await magentaShown.click();
  await expect(magentaShown).toBeChecked();
  await expect.poll(() => settled(page)).toBe('magenta');

  // A layer added goes on top of the tree, and on top of the map.
  await page.getByRole('button', { name: 'Add layer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a layer from a data source' });
  await dialog.getByRole('option', { name: /Green tiles/ }).click();
  await dialog.getByRole('button', { name: 'Add layer' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => rowNames(page))
    .toEqual(['Green tiles', 'Yellow tiles', 'Magenta tiles', 'Cyan tiles']);
  await expect.poll(() => settled(page)).toBe('green');

  // The order is the saved one: the page opened again draws the same.
  await rowAction(page, 'Green tiles', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete Green tiles?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect.poll(() => rowNames(page)).toEqual(['Yellow tiles', 'Magenta tiles', 'Cyan tiles']);
  await page.reload();
  await expect.poll(() => rowNames(page)).toEqual(['Yellow tiles', 'Magenta tiles', 'Cyan tiles']);
  expect(await settled(page)).toBe('magenta');
});

test('draws draped GeoJSON layers in the order of the tree as well', async ({ browser, request }) => {
  const { session, account, workspace } = await emptyWorkspace(request, 'grounds');
  // One rectangle for both, around the default camera's centre, where the map's free part shows it.
  const rectangle = rectanglesGeojson([[4.9, 51.85, 5.7, 52.35]]);
  const greenAreas = await uploadGeojson(session, account, 'Green areas', rectangle);
  const blueAreas = await uploadGeojson(session, account, 'Blue areas', rectangle);
  const solid = (colour: string) => ({ color: colour, outlineColor: colour });
  await placeLayer(session, workspace.id, {
    name: 'Green areas',
    source: greenAreas.id,
    position: 0,
    template: solid('#00a000'),
  });
  await placeLayer(session, workspace.id, {
    name: 'Blue areas',
    source: blueAreas.id,
    position: 1,
    template: solid('#0000ff'),
  });

  const opened = await loggedInPage(browser, session, { width: 1000, height: 700 });
  context = opened.context;
  const { page } = opened;
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await expect.poll(() => rowNames(page)).toEqual(['Green areas', 'Blue areas']);
  await waitForMapIdle(page);
  const middle = await page.evaluate(() =>
    (
      window as unknown as { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } } }
    ).__viewer.toScreen(5.3, 52.1),
  );
  const size = page.viewportSize() ?? { width: 1000, height: 700 };
  const shown = async () => {
    await waitForMapIdle(page);
    const colour = await colourAt(page, middle.x / size.width, middle.y / size.height);
    if (near(colour, [0, 160, 0])) return 'green';
    if (near(colour, [0, 0, 255])) return 'blue';
    return `other (${colour.join(', ')})`;
  };
  await expect.poll(shown).toBe('green');

  await rowAction(page, 'Green areas', 'Move down');
  await expect.poll(() => rowNames(page)).toEqual(['Blue areas', 'Green areas']);
  await expect.poll(shown).toBe('blue');
});
