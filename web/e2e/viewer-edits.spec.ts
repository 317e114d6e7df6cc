import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { ApiSession } from './accounts';
import { test } from './fixtures';
import { type Extent, type Rgb, rectanglesGeojson } from './map-service-fixtures';
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
 * Issue 24, item 3: a tree edit in the editor changes only what it changed on the map. An
 * uploaded GeoJSON layer, drawn green over magenta tiles, keeps its pixels in every frame
 * through a rename, a move and a move into a group (the sources are read again after a
 * move, each time with a new capability in the features' address), and its features are
 * fetched once; ticking it off and on only hides and shows it.
 */

const green: Rgb = [0, 255, 0];
const magenta: Rgb = [255, 0, 255];
/** Around the default camera's centre (5.3° E 52.1° N), where the map's free part shows it. */
const rectangle: Extent = [4.9, 51.85, 5.7, 52.35];

type Watch = { samples: number; missing: number; colours: string[] };

/**
 * Reads the map's pixel at the rectangle's middle in every animation frame until
 * `stopWatching`: how many frames did not show the layer's green.
 */
async function startWatching(page: Page) {
  const point = await page.evaluate(
    ([lon, lat]) =>
      (
        window as unknown as { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } } }
      ).__viewer.toScreen(lon, lat),
    [(rectangle[0] + rectangle[2]) / 2, (rectangle[1] + rectangle[3]) / 2] as const,
  );
  expect(point).toBeDefined();
  await page.evaluate(
    ({ point: { x, y }, target }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.cesium-widget canvas');
      if (!canvas) throw new Error('No map canvas');
      const scale = canvas.width / canvas.clientWidth;
      const copy = document.createElement('canvas');
      copy.width = 1;
      copy.height = 1;
      const context = copy.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('No 2D context');
      const watch: Watch & { on: boolean } = { samples: 0, missing: 0, colours: [], on: true };
      (window as unknown as { __watch: typeof watch }).__watch = watch;
      const sample = () => {
        if (!watch.on) return;
        context.drawImage(canvas, Math.round(x * scale), Math.round(y * scale), 1, 1, 0, 0, 1, 1);
        const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
        watch.samples += 1;
        if (Math.abs(r - target[0]) + Math.abs(g - target[1]) + Math.abs(b - target[2]) >= 60) {
          watch.missing += 1;
          if (watch.colours.length < 5) watch.colours.push(`${r},${g},${b}`);
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    },
    { point: point ?? { x: 0, y: 0 }, target: green as [number, number, number] },
  );
}

async function stopWatching(page: Page): Promise<Watch> {
  return page.evaluate(() => {
    const watch = (window as unknown as { __watch: Watch & { on: boolean } }).__watch;
    watch.on = false;
    return { samples: watch.samples, missing: watch.missing, colours: watch.colours };
  });
}

/** Runs a tree edit while watching the layer's pixels, and for 3 s after the tree shows it. */
async function throughout(page: Page, edit: () => Promise<void>) {
  await startWatching(page);
  await edit();
  await page.waitForTimeout(3_000);
  await waitForMapIdle(page);
  const watch = await stopWatching(page);
  expect(watch.samples).toBeGreaterThan(10);
  expect(watch, 'frames without the layer').toMatchObject({ missing: 0 });
}

/** The names of the layers in the workspace's first group, as the server has them. */
async function groupedNames(session: ApiSession, workspace: number) {
  const answer = await session.request.get(`/api/layers?workspace=${workspace}`, {
    headers: { Authorization: `Token ${session.token}` },
  });
  const { results } = (await answer.json()) as { results: { layers: { name: string }[] }[] };
  return results[0]?.layers.map((layer) => layer.name) ?? [];
}

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

test('keeps a GeoJSON layer on the map through a rename and moves, and only hides it when unticked', async ({
  browser,
  request,
}) => {
  const { session, account, workspace } = await emptyWorkspace(request, 'edits');
  const tiles = await createXyzSource(
    session,
    account,
    'Magenta tiles',
    `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`,
  );
  const upload = await uploadGeojson(session, account, 'Districts', rectanglesGeojson([rectangle]));
  await placeLayer(session, workspace.id, {
    name: 'Districts',
    source: upload.id,
    position: 0,
    template: { color: '#00ff00', outlineColor: '#00ff00' },
  });
  await placeLayer(session, workspace.id, { name: 'Magenta tiles', source: tiles.id, position: 1 });

  const opened = await loggedInPage(browser, session, { width: 1000, height: 700 });
  context = opened.context;
  const { page } = opened;
  const featureFetches: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/layers\/\d+\/features/.test(sent.url())) featureFetches.push(sent.url());
  });
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await expect.poll(() => rowNames(page)).toEqual(['Districts', 'Magenta tiles']);
  await waitForMapIdle(page);
  // The free part's middle: the rectangle there, green over the magenta tiles.
  const point = await page.evaluate(() =>
    (
      window as unknown as { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } } }
    ).__viewer.toScreen(5.3, 52.1),
  );
  if (!point) throw new Error('The rectangle is not in view');
  const size = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.cesium-widget canvas');
    return { width: canvas?.clientWidth ?? 1, height: canvas?.clientHeight ?? 1 };
  });
  const layerColour = () => colourAt(page, point.x / size.width, point.y / size.height);
  expect(near(await layerColour(), green)).toBe(true);
  expect(featureFetches).toHaveLength(1);

  await throughout(page, async () => {
    await rowAction(page, 'Districts', 'Rename');
    const dialog = page.getByRole('dialog', { name: 'Rename Districts' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Town districts');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Town districts', 'Magenta tiles']);
  });

  // A move reads the sources again.
  await throughout(page, async () => {
    await rowAction(page, 'Town districts', 'Move down');
    await expect.poll(() => rowNames(page)).toEqual(['Magenta tiles', 'Town districts']);
  });

  await page.getByRole('button', { name: 'Add group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Add a group' });
  await groupDialog.getByRole('textbox', { name: 'Name' }).fill('Town');
  await groupDialog.getByRole('button', { name: 'Add group' }).click();
  await expect(groupDialog).toBeHidden();
  await rowAction(page, 'Town districts', 'Move up');
  await expect.poll(() => rowNames(page)).toEqual(['Town', 'Town districts', 'Magenta tiles']);
  await throughout(page, async () => {
    await rowAction(page, 'Town districts', 'Move into the group above');
    await expect.poll(() => groupedNames(session, workspace.id)).toEqual(['Town districts']);
  });
  expect(featureFetches, 'the features are fetched once').toHaveLength(1);

  // Ticked off the layer is hidden, ticked on shown again: from what was loaded.
  const shown = page.getByRole('checkbox', { name: 'Show Town districts' });
  await shown.click();
  await expect(shown).not.toBeChecked();
  await waitForMapIdle(page);
  expect(near(await layerColour(), magenta)).toBe(true);
  await shown.click();
  await expect(shown).toBeChecked();
  await waitForMapIdle(page);
  expect(near(await layerColour(), green)).toBe(true);
  expect(featureFetches).toHaveLength(1);
});
