import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  type ApiSession,
  apiSession,
  type CreatedAccount,
  type CreatedWorkspace,
  createAccount,
  createWorkspace,
  uniqueName,
} from './accounts';
import { plausibleEndpoint } from './fixtures';
import { createActiveUser } from './identity';
import { boxExtent, type Extent, mapFixtures, type Rgb, rectanglesGeojson } from './map-service-fixtures';
import {
  createLayer,
  createShareLink,
  createSource,
  createUserGroup,
  fixtureOrigin,
  pixelStats,
  type ScreenBox,
  screenBox,
  snapshot,
  uploadGeojson,
  waitForMapIdle,
} from './viewer-fixtures';

/**
 * Issue 15's browser proofs: every kind of layer the viewer draws, from the fake portal's
 * services on loopback (e2e/map-service-fixtures.ts), proven by the canvas' pixels inside
 * and outside the layer's extent projected to the screen, in Chromium with SwiftShader.
 *
 * One workspace holds every layer, each on its own patch of the default view, all
 * unticked at first: the page opens once, the bare globe is kept as `base`, every layer is
 * ticked, and then each test unticks its layer and compares.
 */
test.describe.configure({ mode: 'serial' });

const kinds = { wms: 1, wmts: 2, tiles3d: 4, geojson: 5, arcgis: 6 } as const;

/** `tolerance`: how far (summed over the channels) a pixel may be from `colour`; lit 3D content strays more. */
type Proof = { name: string; extents: Extent[]; heights?: number[]; colour?: Rgb; tolerance?: number };
const proofs = {
  wms: { name: 'WMS blocks', extents: [mapFixtures.wms.extent], colour: mapFixtures.wms.colour },
  wmts: { name: 'WMTS blocks', extents: [mapFixtures.wmts.extent], colour: mapFixtures.wmts.colour },
  arcgis: { name: 'ArcGIS blocks', extents: [mapFixtures.arcgis.extent], colour: mapFixtures.arcgis.colour },
  tiles3d: {
    name: '3D box',
    extents: [boxExtent()],
    heights: [0, mapFixtures.tiles3d.size.up],
    colour: mapFixtures.tiles3d.colour,
    tolerance: 120,
  },
  geojson: { name: 'GeoJSON rectangles', extents: mapFixtures.geojson.extents },
  upload: { name: 'Uploaded rectangle', extents: [mapFixtures.upload.extent] },
} satisfies Record<string, Proof>;

/** The machine is shared: SwiftShader's frames slow down a lot when other suites run. */
const idleTimeout = 120_000;

let context: BrowserContext;
let page: Page;
let session: ApiSession;
let account: CreatedAccount;
let workspace: CreatedWorkspace;
const sources: Record<string, number> = {};

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  // Opens the map and loads every layer: several of a layer test's 5–25 s.
  test.setTimeout(300_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const user = await createActiveUser(request, 'layers');
  session = await apiSession(request, user);
  account = await createAccount(session, uniqueName('Layers account'));
  workspace = await createWorkspace(session, account, uniqueName('Layers workspace'));
  const origin = fixtureOrigin();

  const add = async (key: string, type: number, config: Record<string, unknown>) => {
    sources[key] = (await createSource(session, account, key, type, config)).id;
  };
  await add('wms', kinds.wms, { url: `${origin}/wms`, layers: mapFixtures.wms.layer, version: '1.3.0' });
  await add('wmts', kinds.wmts, {
    url: `${origin}/wmts/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png`,
    layer: mapFixtures.wmts.layer,
    tileMatrixSetID: 'GoogleMapsCompatible',
  });
  await add('arcgis', kinds.arcgis, { url: `${origin}/arcgis/rest/services/Blocks/MapServer` });
  await add('tiles3d', kinds.tiles3d, { url: `${origin}/3dtiles/box/tileset.json` });
  await add('geojson', kinds.geojson, {
    url: `${origin}/data/rectangles.geojson`,
    strokeColor: '#ff0000',
    fillColor: '#ff0000b0',
  });
  sources.upload = (
    await uploadGeojson(session, account, 'Uploaded', rectanglesGeojson([mapFixtures.upload.extent]))
  ).id;
  await add('brokenTileset', kinds.tiles3d, { url: `${origin}/3dtiles/missing/tileset.json` });
  await add('brokenGeojson', kinds.geojson, { url: `${origin}/data/missing.geojson` });

  // The working layers start unticked, so that the page first shows the bare globe.
  for (const [key, proof] of Object.entries(proofs)) {
    await createLayer(session, workspace.id, proof.name, sources[key] ?? 0, { visible: false });
  }
  await createLayer(session, workspace.id, 'Broken tileset', sources.brokenTileset ?? 0);
  await createLayer(session, workspace.id, 'Broken GeoJSON', sources.brokenGeojson ?? 0);

  // A smaller window than the project's draws faster in software; the view still holds every layer.
  context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  // Nothing leaves the machine: the analytics endpoint is answered here (as e2e/fixtures.ts does).
  await context.route(plausibleEndpoint, (route) =>
    route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' }),
  );
  // Logged in as the app keeps it: the token in localStorage.
  await context.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, session.token);
  page = await context.newPage();
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible();
  await waitForMapIdle(page, idleTimeout);
  await snapshot(page, 'base');
  for (const proof of Object.values(proofs)) {
    await page.getByRole('checkbox', { name: proof.name, exact: true }).check();
  }
  await waitForMapIdle(page, idleTimeout);
});

test.afterAll(async () => {
  await context?.close();
  await session?.request.dispose();
});

const colourOf = (proof: Proof) =>
  proof.colour ? { colour: proof.colour, tolerance: proof.tolerance ?? 60 } : {};

/** The proof's extents on the screen. */
const boxesOf = (proof: Proof): Promise<ScreenBox[]> =>
  Promise.all(proof.extents.map((extent) => screenBox(page, extent, proof.heights)));

/**
 * The layer drew inside its extent (differs from the bare globe there, in its colour when
 * it has one); unticked, it changes the pixels inside and nothing outside, and inside
 * they are the bare globe's again.
 */
async function proveLayer(proof: Proof) {
  await expect(page.getByRole('img', { name: `${proof.name} could not be shown` })).toHaveCount(0);
  const boxes = await boxesOf(proof);
  await snapshot(page, 'on');
  const shown = await pixelStats(page, { snapshot: 'on', reference: 'base', boxes, ...colourOf(proof) });
  expect(shown.inside.pixels, 'the extent covers a good part of the screen').toBeGreaterThan(2_000);
  expect(shown.inside.changed, 'drawn inside its extent').toBeGreaterThan(0.95);
  if (proof.colour) expect(shown.inside.colour, 'in its colour').toBeGreaterThan(0.9);

  await page.getByRole('checkbox', { name: proof.name, exact: true }).uncheck();
  await waitForMapIdle(page, idleTimeout);
  await snapshot(page, 'off');
  const hidden = await pixelStats(page, { snapshot: 'off', reference: 'on', boxes, ...colourOf(proof) });
  expect(hidden.inside.changed, 'unticking changes its extent').toBeGreaterThan(0.95);
  expect(hidden.outside.changed, 'and nothing beyond it').toBeLessThan(0.001);
  if (proof.colour) expect(hidden.inside.colour).toBeLessThan(0.01);
  const back = await pixelStats(page, { snapshot: 'off', reference: 'base', boxes });
  expect(back.inside.changed, 'the bare globe shows again').toBeLessThan(0.02);
}

test('a broken layer shows its error while the others draw', async () => {
  await expect(page.getByRole('img', { name: 'Broken tileset could not be shown' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Broken GeoJSON could not be shown' })).toBeVisible();
  await expect(page.getByText('The server answered 404.')).toHaveCount(2);
  await snapshot(page, 'all');
  for (const proof of Object.values(proofs)) {
    const stats = await pixelStats(page, { snapshot: 'all', reference: 'base', boxes: await boxesOf(proof) });
    expect(stats.inside.changed, proof.name).toBeGreaterThan(0.95);
  }
});

test('legends: the WMS’s own image, the ArcGIS service’s symbols, the template’s colours', async () => {
  const options = (name: string) => page.getByRole('button', { name: `Layer options: ${name}` });
  const legendOf = (name: string) => page.getByRole('figure', { name: `Legend of ${name}` });

  await options(proofs.wms.name).click();
  const image = legendOf(proofs.wms.name).getByRole('img', { name: `Legend of ${mapFixtures.wms.layer}` });
  await expect(image).toBeVisible();
  // The service's answer (a 20 px swatch) arrived and decoded.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20);

  await options(proofs.arcgis.name).click();
  await expect(legendOf(proofs.arcgis.name).getByText('Purple block')).toBeVisible();

  await options(proofs.geojson.name).click();
  await expect(legendOf(proofs.geojson.name).getByText(proofs.geojson.name)).toBeVisible();

  // Tile services without a legend show none.
  await options(proofs.wmts.name).click();
  await expect(page.getByRole('slider', { name: 'Opacity' })).toHaveCount(4);
  await expect(legendOf(proofs.wmts.name)).toHaveCount(0);

  for (const proof of [proofs.wms, proofs.arcgis, proofs.geojson, proofs.wmts])
    await options(proof.name).click();
  await expect(page.getByRole('slider', { name: 'Opacity' })).toHaveCount(0);
});

test('a WMS 1.3.0 layer draws its GetMap images inside their extent only', async () => {
  await proveLayer(proofs.wms);
});

test('a WMTS layer draws its tiles', async () => {
  await proveLayer(proofs.wmts);
});

test('an ArcGIS MapServer layer draws its cached tiles', async () => {
  await proveLayer(proofs.arcgis);
});

test('a 3D Tiles layer draws its tileset', async () => {
  await proveLayer(proofs.tiles3d);
});

test('a GeoJSON layer from a URL draws its polygons', async () => {
  await proveLayer(proofs.geojson);
});

test('an uploaded GeoJSON layer draws its polygons', async () => {
  await proveLayer(proofs.upload);
});

test('the share link in a logged-out context hides grouped layers', async ({ browser }) => {
  const shared = await createWorkspace(session, account, uniqueName('Shared workspace'));
  const group = await createUserGroup(session, account, uniqueName('Field workers'));
  await createLayer(session, shared.id, 'Everyone’s blocks', sources.wms ?? 0);
  await createLayer(session, shared.id, 'Field workers’ blocks', sources.wmts ?? 0, {
    user_groups: [group.id],
  });
  const { token } = await createShareLink(session, shared.id);
  // Its admin sees both layers, and the offline base layer every new workspace starts with.
  const adminView = await session.request.get(`/api/layers?workspace=${shared.id}`, {
    headers: { Authorization: `Token ${session.token}` },
  });
  expect(((await adminView.json()) as { count: number }).count).toBe(3);

  const outsider = await browser.newContext();
  await outsider.route(plausibleEndpoint, (route) =>
    route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' }),
  );
  const visitor = await outsider.newPage();
  await visitor.goto(`/workspace/share/${shared.id}/${token}`);
  await expect(visitor.getByRole('heading', { name: shared.name })).toBeVisible();
  await expect(visitor.getByText('Read-only')).toBeVisible();
  const tree = visitor.getByRole('tree', { name: 'Layers' });
  await expect(tree.getByRole('treeitem')).toHaveCount(2);
  await expect(tree.getByRole('checkbox', { name: 'Everyone’s blocks' })).toBeVisible();
  await expect(tree.getByRole('radio', { name: 'Natural Earth II' })).toBeChecked();
  await expect(visitor.getByText('Field workers’ blocks')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Save as start view' })).toHaveCount(0);
  await outsider.close();
});
