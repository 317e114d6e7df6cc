import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from '@playwright/test';
import { type ApiSession, apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { xyzTileColour } from './fake-arcgis-portal';
import { plausibleEndpoint, test } from './fixtures';
import { createActiveUser } from './identity';
import { mapFixtures, type Rgb } from './map-service-fixtures';
import { lookAt } from './screenshot';
import {
  createLayer,
  createShareLink,
  createSource,
  createXyzSource,
  fixtureOrigin,
  uploadGeojson,
  waitForMapIdle,
} from './viewer-fixtures';
import { colourAt } from './viewer-probes';

/**
 * The compare divider (RUNTIME.md `splitPanel`; web/src/features/viewer/tools/split,
 * web/src/viewer/split.ts): a workspace whose split is on, with magenta tiles on the left
 * and cyan tiles on the right, proven by the canvas' pixels on either side of the divider
 * as it moves by touch, by mouse and by keys; and clicks that find only the features of
 * the side clicked.
 */

const cyan: Rgb = [0, 255, 255];
const magenta: Rgb = xyzTileColour;

/** A workspace with two tile layers, magenta set to the left and cyan to the right, the split on. */
async function prepare(request: APIRequestContext) {
  const user = await createActiveUser(request, 'split');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Split account'));
  const workspace = await createWorkspace(session, account, uniqueName('Split workspace'));
  const tiles = `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`;
  const magentaSource = await createXyzSource(session, account, 'Magenta tiles', tiles);
  const cyanSource = await createXyzSource(session, account, 'Cyan tiles', `${tiles}?colour=00ffff`);
  const left = await createLayer(session, workspace.id, 'Magenta tiles', magentaSource.id);
  const right = await createLayer(session, workspace.id, 'Cyan tiles', cyanSource.id);

  await splitLayers(session, workspace.id, [left.id], [right.id]);
  return { session, workspace, left, right };
}

/** Turns the workspace's split on, the divider in the middle, the layers on their sides. */
async function splitLayers(session: ApiSession, workspace: number, left: number[], right: number[]) {
  const headers = { Authorization: `Token ${session.token}` };
  const read = await session.request.get(`/api/workspaces/${workspace}`, { headers });
  const { version } = (await read.json()) as { version: number };
  const saved = await session.request.patch(`/api/workspaces/${workspace}`, {
    headers,
    data: {
      version,
      workspacePlugins: JSON.stringify({
        splitPanel: { enabled: true, left, right, position: 0.5 },
      }),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A small window (software WebGL draws it faster) that can be touched, logged in when a session is given. */
async function openContext(browser: Browser, session: ApiSession | undefined, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: { width: 800, height: 600 },
    hasTouch: true,
    colorScheme,
  });
  // Nothing leaves the machine: the analytics endpoint is answered here (as e2e/fixtures.ts does).
  await context.route(plausibleEndpoint, (route) =>
    route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' }),
  );
  if (session)
    await context.addInitScript((token) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', token);
    }, session.token);
  return context;
}

/** Which of the two layers shows at a point of the map: 'magenta', 'cyan' or 'other'. */
async function layerAt(page: Page, x: number, y = 0.5) {
  const colour = await colourAt(page, x, y);
  const near = (target: Rgb) =>
    colour.reduce((sum, value, i) => sum + Math.abs(value - (target[i] ?? 0)), 0) < 60;
  return near(magenta) ? 'magenta' : near(cyan) ? 'cyan' : 'other';
}

/** Probes on both sides of the middle, where the globe surely lies. */
const leftProbe = 0.35;
const rightProbe = 0.65;

/** Scrolls the editor's panel to the compare settings, for their picture. */
const showSettings = (page: Page) =>
  page
    .getByRole('heading', { name: 'Compare', level: 2 })
    .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

test('shows one layer left of the divider and the other right, and the divider moves by touch, mouse and keys', async ({
  browser,
  request,
}) => {
  const { session, workspace } = await prepare(request);
  context = await openContext(browser, session, 'light');
  const page = await context.newPage();
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await expect(page.getByRole('region', { name: `3D map of ${workspace.name}` })).toBeVisible();
  await waitForMapIdle(page);

  const slider = page.getByRole('slider', { name: 'Compare divider' });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await expect(slider).toHaveAttribute('aria-valuetext', '50% from the left');
  expect(await layerAt(page, leftProbe)).toBe('magenta');
  expect(await layerAt(page, rightProbe)).toBe('cyan');

  // Touch: a finger drags the divider from the middle to four fifths of the map's width.
  const map = await page.getByRole('region', { name: `3D map of ${workspace.name}` }).boundingBox();
  if (!map) throw new Error('No map');
  const y = map.y + map.height * 0.75;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', map.x + map.width * 0.5);
  for (const share of [0.55, 0.65, 0.75, 0.8]) await touch('touchMove', map.x + map.width * share);
  await touch('touchEnd', map.x + map.width * 0.8);
  await expect(slider).toHaveAttribute('aria-valuenow', '80');
  await expect.poll(() => layerAt(page, rightProbe)).toBe('magenta');
  expect(await layerAt(page, leftProbe)).toBe('magenta');

  // A mouse drags it back to a fifth.
  await page.mouse.move(map.x + map.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(map.x + map.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(slider).toHaveAttribute('aria-valuenow', '20');
  await expect.poll(() => layerAt(page, leftProbe)).toBe('cyan');
  expect(await layerAt(page, rightProbe)).toBe('cyan');

  // Keys: End puts everything left of it, PageDown steps back a tenth at a time.
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await expect.poll(() => layerAt(page, rightProbe)).toBe('magenta');
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await expect.poll(() => layerAt(page, rightProbe)).toBe('cyan');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', '51% from the left');
  expect(await layerAt(page, leftProbe)).toBe('magenta');

  // Off for this visit: both layers draw everywhere again, the top one (magenta) over the other.
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.getByRole('switch', { name: 'Show the divider' }).uncheck();
  await expect(slider).toHaveCount(0);
  await expect.poll(() => layerAt(page, rightProbe)).toBe('magenta');
});

type Place = { longitude: number; latitude: number };

/** A GeoJSON point at each place, named. */
const pointsGeojson = (points: Record<string, Place>) => ({
  type: 'FeatureCollection',
  features: Object.entries(points).map(([name, { longitude, latitude }]) => ({
    type: 'Feature',
    properties: { name },
    geometry: { type: 'Point', coordinates: [longitude, latitude] },
  })),
});

/** Clicks the map where a place shows (the map's test hook says where). */
async function clickPlace(page: Page, place: Place) {
  const canvas = await page.locator('.cesium-widget canvas').boundingBox();
  const point = await page.evaluate(
    ({ longitude, latitude }) =>
      (
        window as unknown as { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } } }
      ).__viewer.toScreen(longitude, latitude),
    place,
  );
  if (!canvas || !point) throw new Error(`${place.longitude}, ${place.latitude} is not on the map`);
  const at = { x: canvas.x + point.x, y: canvas.y + point.y };
  // Not under the panels and buttons that float over the map: a click there would be theirs.
  const onCanvas = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.matches('.cesium-widget canvas') ?? false,
    at,
  );
  if (!onCanvas) throw new Error(`${place.longitude}, ${place.latitude} is hidden under the map's controls`);
  await page.mouse.click(at.x, at.y);
}

test('a click finds only the features of the side of the divider it lands on', async ({
  browser,
  request,
}) => {
  const user = await createActiveUser(request, 'splitpick');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Split account'));
  const workspace = await createWorkspace(session, account, uniqueName('Split workspace'));
  // Two layers of the fixture WMS, one each side, draw the same yellow block and answer
  // GetFeatureInfo alike: the panel tells them apart by the layer's name. A well lies east
  // of the block, in a GeoJSON layer listed on the left, which features ignore: Cesium
  // cannot split their lines and areas, so they draw, and are found, on both sides.
  const blockWest: Place = { longitude: 3.05, latitude: 52.6 };
  const blockEast: Place = { longitude: 3.45, latitude: 52.6 };
  const well: Place = { longitude: 3.75, latitude: 52.6 };
  const wms = { url: `${fixtureOrigin()}/wms`, layers: mapFixtures.wms.layer, version: '1.3.0' };
  const westSource = await createSource(session, account, 'West survey', 1, wms);
  const eastSource = await createSource(session, account, 'East survey', 1, wms);
  const wells = await uploadGeojson(session, account, 'Wells', pointsGeojson({ Well: well }));
  const west = await createLayer(session, workspace.id, 'West survey', westSource.id);
  const east = await createLayer(session, workspace.id, 'East survey', eastSource.id);
  const wellsLayer = await createLayer(session, workspace.id, 'Wells', wells.id);
  await splitLayers(session, workspace.id, [west.id, wellsLayer.id], [east.id]);

  context = await openContext(browser, session, 'light');
  const page = await context.newPage();
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  // It would cover the block's west part.
  await page.getByRole('button', { name: 'Close the layers panel' }).click();
  // Straight above the block's east part: the middle of the map lies between the two places.
  await page.evaluate(
    (camera) =>
      (
        window as unknown as { __viewer: { engine: { flyTo(c: object, d: number): void } } }
      ).__viewer.engine.flyTo(camera, 0),
    { longitude: 3.3, latitude: 52.6, height: 100_000, heading: 0, pitch: -90, roll: 0 },
  );
  await waitForMapIdle(page);

  const info = page.getByRole('region', { name: 'Feature information' });
  /** What a click at a place finds: the panel's text, the panel then closed for the next click. */
  const clickFinds = async (place: Place) => {
    await clickPlace(page, place);
    await expect(info).toBeVisible();
    const text = (await info.textContent()) ?? '';
    await info.getByRole('button', { name: 'Close feature information' }).click();
    await expect(info).toHaveCount(0);
    return text;
  };
  const expectFinds = async (place: Place, layer: string, notLayer: string) => {
    const found = await clickFinds(place);
    expect(found).toContain(layer);
    expect(found).toContain('Yellow block');
    expect(found).not.toContain(notLayer);
  };

  // The divider in the middle: the block's west part left of it, its east part right.
  const slider = page.getByRole('slider', { name: 'Compare divider' });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await expectFinds(blockWest, 'West survey', 'East survey');
  await expectFinds(blockEast, 'East survey', 'West survey');
  expect(await clickFinds(well)).toContain('Well');

  // The divider at a fifth: the block's west part is on the right now.
  await slider.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect(slider).toHaveAttribute('aria-valuenow', '20');
  await expectFinds(blockWest, 'East survey', 'West survey');

  // At the right edge: all of it is on the left. (The clicks on the map took the focus.)
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await expectFinds(blockEast, 'West survey', 'East survey');
});

test('the share page shows the split read-only (screenshots at 1280 and 375, light and dark)', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const { session, workspace } = await prepare(request);
  const { token } = await createShareLink(session, workspace.id);
  context = await openContext(browser, undefined, 'light');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/workspace/share/${workspace.id}/${token}?e2e`);
  await waitForMapIdle(page);
  const slider = page.getByRole('slider', { name: 'Compare divider' });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  expect(await layerAt(page, leftProbe)).toBe('magenta');
  expect(await layerAt(page, rightProbe)).toBe('cyan');

  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Left of the divider' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save divider position' })).toHaveCount(0);
  await waitForMapIdle(page);
  await lookAt(page, testInfo, 'viewer-split', { fullPage: false });
  await page.emulateMedia({ colorScheme: 'dark' });
  await lookAt(page, testInfo, 'viewer-split', { fullPage: false });

  await page.setViewportSize({ width: 375, height: 740 });
  await waitForMapIdle(page);
  await lookAt(page, testInfo, 'viewer-split', { fullPage: false });
  await page.emulateMedia({ colorScheme: 'light' });
  await lookAt(page, testInfo, 'viewer-split', { fullPage: false });
});

test('the editor sets each layer’s side and saves it as splitPanel (screenshots of the settings)', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const { session, workspace, left, right } = await prepare(request);
  context = await openContext(browser, session, 'light');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/workspace/${workspace.id}?e2e`);
  await page.getByRole('tab', { name: 'Details' }).click({ timeout: 60_000 });
  const side = (name: string) => page.getByRole('group', { name: `Side of ${name}` });
  await expect(side('Magenta tiles').getByRole('button', { name: 'Left' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(side('Cyan tiles').getByRole('button', { name: 'Right' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await showSettings(page);
  await lookAt(page, testInfo, 'editor-split', { fullPage: false });

  // Swapped: cyan on the left, magenta on both sides.
  await side('Cyan tiles').getByRole('button', { name: 'Left' }).click();
  await side('Magenta tiles').getByRole('button', { name: 'Both' }).click();
  await page.getByRole('button', { name: 'Save compare settings' }).click();
  await expect(page.getByText('Compare settings saved')).toBeVisible();
  const read = await session.request.get(`/api/workspaces/${workspace.id}`, {
    headers: { Authorization: `Token ${session.token}` },
  });
  const { workspacePlugins } = (await read.json()) as { workspacePlugins: string };
  expect(JSON.parse(workspacePlugins).splitPanel).toEqual({
    enabled: true,
    left: [right.id],
    right: [],
    position: 0.5,
  });
  expect(left.id).not.toBe(right.id);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The editor's panel stays open as the window narrows: it is the bottom sheet now.
  await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeInViewport();
  await showSettings(page);
  await lookAt(page, testInfo, 'editor-split', { fullPage: false });
});
