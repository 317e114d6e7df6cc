import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  type ApiSession,
  apiSession,
  type CreatedAccount,
  createAccount,
  createWorkspace,
  uniqueName,
} from './accounts';
import { plausibleEndpoint } from './fixtures';
import { createActiveUser } from './identity';
import type { Extent } from './map-service-fixtures';
import { lookAt } from './screenshot';
import {
  colourShare,
  createLayer,
  pixelStats,
  screenBox,
  snapshot,
  uploadGeojson,
  waitForMapIdle,
} from './viewer-fixtures';

/**
 * Issue 24, items 1 and 5: a layer of features styled in the style panel instead of JSON
 * (a fill colour, a category's colour, an outline, a point symbol), saved, and drawn so;
 * the outline of a polygon draped on the globe is drawn (Cesium drops polygon outlines
 * on terrain: they are ground-clamped polylines now), and the legend follows.
 */

/** Two squares inside the default camera's view (5.3° E 52.1° N from 350 km), apart. */
const park: Extent = [4.0, 51.6, 4.9, 52.3];
const lake: Extent = [5.7, 51.6, 6.6, 52.3];
/** A point between them, of the lake's category. */
const pond: [number, number] = [5.3, 51.95];
const square = ([w, s, e, n]: Extent) => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];
const geojson = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Park', kind: 'park' },
      geometry: { type: 'Polygon', coordinates: square(park) },
    },
    {
      type: 'Feature',
      properties: { name: 'Lake', kind: 'lake' },
      geometry: { type: 'Polygon', coordinates: square(lake) },
    },
    {
      type: 'Feature',
      properties: { name: 'Pond', kind: 'lake' },
      geometry: { type: 'Point', coordinates: pond },
    },
  ],
};

const green = [0, 255, 0] as const;
const blue = [0, 0, 255] as const;
const magenta = [255, 0, 255] as const;

let context: BrowserContext;
let page: Page;
let session: ApiSession;
let account: CreatedAccount;
let workspace: { id: number; name: string };
const consoleTexts: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const user = await createActiveUser(request, 'style');
  session = await apiSession(request, user);
  account = await createAccount(session, uniqueName('Style account'));
  workspace = await createWorkspace(session, account, uniqueName('Style workspace'));
  const source = await uploadGeojson(session, account, 'Green spaces', geojson);
  await createLayer(session, workspace.id, 'Green spaces', source.id);

  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(plausibleEndpoint, (route) =>
    route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' }),
  );
  await context.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, session.token);
  page = await context.newPage();
  page.on('console', (message) => consoleTexts.push(message.text()));
});

test.afterAll(async () => {
  await context?.close();
  await session?.request.dispose();
});

/** The dialog's fields from the first: the picture shows fill and outline. */
const scrollToTop = (on: Page) =>
  on.locator('.MuiDialogContent-root').evaluate((content) => content.scrollTo(0, 0));

/** The share of the pixels in a square of `radius` around a place that are close to `colour`. */
function colourNear(
  longitude: number,
  latitude: number,
  colour: readonly [number, number, number],
  radius = 6,
) {
  return page.evaluate(
    ({ longitude, latitude, colour, radius }) => {
      const hook = (
        window as unknown as { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } } }
      ).__viewer;
      const canvas = document.querySelector<HTMLCanvasElement>('.cesium-widget canvas');
      const point = hook.toScreen(longitude, latitude);
      if (!canvas || !point) throw new Error('Not in view');
      const scale = canvas.width / canvas.clientWidth;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context2d = copy.getContext('2d');
      if (!context2d) throw new Error('No 2D context');
      context2d.drawImage(canvas, 0, 0);
      const x = Math.round(point.x * scale);
      const y = Math.round(point.y * scale);
      const { data } = context2d.getImageData(x - radius, y - radius, 2 * radius + 1, 2 * radius + 1);
      let close = 0;
      for (let i = 0; i < data.length; i += 4) {
        const d =
          Math.abs((data[i] ?? 0) - colour[0]) +
          Math.abs((data[i + 1] ?? 0) - colour[1]) +
          Math.abs((data[i + 2] ?? 0) - colour[2]);
        if (d < 90) close += 1;
      }
      return close / (data.length / 4);
    },
    { longitude, latitude, colour: [...colour] as [number, number, number], radius },
  );
}

test('the style panel sets a fill, a category’s colour and an outline, and the map draws them', async () => {
  const testInfo = test.info();
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await expect(page.getByRole('tab', { name: 'Layers', selected: true })).toBeVisible({ timeout: 60_000 });
  await waitForMapIdle(page);

  await page.getByRole('button', { name: 'Actions for Green spaces' }).click();
  await page.getByRole('menuitem', { name: 'Edit style' }).click();
  const dialog = page.getByRole('dialog', { name: 'Style of Green spaces' });
  await expect(dialog.getByRole('region', { name: 'Fill' })).toBeVisible();

  await dialog.getByLabel('Fill colour').fill('#00ff00');
  // Fully opaque: the drawn pixels are the colour itself.
  await dialog.getByRole('slider', { name: 'Fill opacity' }).press('End');
  await dialog.getByLabel('Outline colour').fill('#ff00ff');
  await dialog.getByRole('textbox', { name: 'Outline width' }).fill('8');
  await dialog.getByRole('combobox', { name: 'Point symbol' }).click();
  await page.getByRole('option', { name: 'Square' }).click();
  await dialog.getByRole('textbox', { name: 'Point size' }).fill('24');

  await dialog.getByRole('combobox', { name: 'Colour by' }).click();
  await page.getByRole('option', { name: 'Categories (unique values)' }).click();
  await dialog.getByRole('combobox', { name: 'Attribute', exact: true }).click();
  // The attributes offered are those of the layer's features.
  await page.getByRole('option', { name: 'kind', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add all values' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 values found.');
  await dialog.getByLabel('Colour of lake').fill('#0000ff');
  // Parks keep the layer's fill.
  await dialog.getByRole('button', { name: 'Remove park' }).click();
  await lookAt(page, testInfo, 'style-panel-categories', { fullPage: false, surface: 'dialog' });
  await scrollToTop(page);
  await lookAt(page, testInfo, 'style-panel', { fullPage: false, surface: 'dialog' });

  // The advanced view holds the same values, checked by the same schema.
  await dialog.getByRole('button', { name: 'JSON (advanced)' }).click();
  const json = dialog.getByRole('textbox', { name: 'Template (JSON)' });
  expect(JSON.parse(await json.inputValue())).toEqual({
    color: '#00ff00',
    outlineColor: '#ff00ff',
    outlineWidth: 8,
    pointSymbol: 'square',
    pointSize: 24,
    colorBy: { by: 'category', property: 'kind', categories: [{ value: 'lake', color: '#0000ff' }] },
  });
  await dialog.getByRole('button', { name: 'Style', exact: true }).click();
  await expect(dialog.getByLabel('Colour of lake')).toHaveValue('#0000ff');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = await session.request.get(`/api/layers?workspace=${workspace.id}`, {
    headers: { Authorization: `Token ${session.token}` },
  });
  const layers = ((await saved.json()) as { results: { name: string; template: string }[] }).results;
  expect(JSON.parse(layers.find((l) => l.name === 'Green spaces')?.template ?? '{}')).toMatchObject({
    color: '#00ff00',
  });

  await waitForMapIdle(page);
  await snapshot(page, 'styled');
  const inside = async (extent: Extent, colour: readonly [number, number, number]) =>
    (
      await pixelStats(page, {
        snapshot: 'styled',
        reference: 'styled',
        boxes: [await screenBox(page, extent)],
        colour,
        tolerance: 90,
        margin: 10,
      })
    ).inside.colour;
  expect(await inside(park, green), 'the park in the layer’s fill').toBeGreaterThan(0.9);
  expect(await inside(lake, blue), 'the lake in its category’s colour').toBeGreaterThan(0.9);
  // The outline on the border, inside neither fill.
  const [west, south, , north] = park;
  const border = await colourNear(west, (south + north) / 2, magenta);
  expect(border, 'the outline drawn on the border').toBeGreaterThan(0.15);
  expect(await colourNear(west + 0.45, (south + north) / 2, magenta), 'and not across the fill').toBe(0);
  // The point: a square of 24 px in its category's colour.
  expect(
    await colourNear(pond[0], pond[1], blue, 6),
    'the point as a square in its category’s colour',
  ).toBeGreaterThan(0.8);
  expect(consoleTexts.filter((text) => /outlines are unsupported/i.test(text))).toEqual([]);
});

test('the legend shows the categories with their swatches', async () => {
  const testInfo = test.info();
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  await page.getByRole('button', { name: 'Layer options: Green spaces' }).click();
  const legend = page.getByRole('figure', { name: 'Legend of Green spaces' });
  await expect(legend.getByText('kind', { exact: true })).toBeVisible();
  await expect(legend.getByRole('listitem')).toHaveText(['lake', 'Other values']);
  await lookAt(page, testInfo, 'style-legend', { fullPage: false });
});

test('the style panel on a phone and in the dark', async () => {
  const testInfo = test.info();
  const open = async () => {
    await page.getByRole('button', { name: 'Actions for Green spaces' }).click();
    await page.getByRole('menuitem', { name: 'Edit style' }).click();
    await expect(page.getByRole('dialog', { name: 'Style of Green spaces' })).toBeVisible();
    // The picture waits for the dialog to have faded in.
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await scrollToTop(page);
  };
  const close = () => page.getByRole('button', { name: 'Cancel' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await expect(page.getByRole('tab', { name: 'Layers', selected: true })).toBeVisible({ timeout: 60_000 });
  await waitForMapIdle(page);
  await open();
  await lookAt(page, testInfo, 'style-panel', { fullPage: false, surface: 'dialog' });
  await close();

  // On a phone the editor's panel is the bottom sheet, and the dialog takes the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  await page.getByRole('button', { name: 'Show layers' }).click();
  await expect(page.getByRole('button', { name: 'Actions for Green spaces' })).toBeInViewport();
  await open();
  await lookAt(page, testInfo, 'style-panel', { fullPage: false, surface: 'dialog' });
  await close();
  await page.emulateMedia({ colorScheme: 'light' });
  await open();
  await lookAt(page, testInfo, 'style-panel', { fullPage: false, surface: 'dialog' });
});

test('the sample’s countries have their borders on the globe again', async () => {
  const answer = await session.request.post('/api/workspaces/sample', {
    headers: { Authorization: `Token ${session.token}` },
    data: { account: account.id },
  });
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: number };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/workspace/view/${id}?e2e`);
  await waitForMapIdle(page);
  // The borders' own orange (#ff6d00): the translucent fills blend it with the globe below.
  expect(await colourShare(page, [255, 109, 0]), 'the countries’ outlines').toBeGreaterThan(0.002);
  await lookAt(page, test.info(), 'sample-borders', { fullPage: false });
  expect(consoleTexts.filter((text) => /outlines are unsupported/i.test(text))).toEqual([]);
});
