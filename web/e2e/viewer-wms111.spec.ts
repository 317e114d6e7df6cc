import { expect, type Page, type Response } from '@playwright/test';
import type { ApiSession } from './accounts';
import { test } from './fixtures';
import { lookAt } from './screenshot';
import {
  createLayer,
  fixtureOrigin,
  pixelStats,
  screenBox,
  snapshot,
  waitForMapIdle,
} from './viewer-fixtures';
import { emptyWorkspace, loggedInPage } from './viewer-probes';
import { wms111 } from './wms111-fixture';

/**
 * Issue 25 §10: a WMS that speaks only 1.1.1 (e2e/wms111-fixture.ts: it answers GetMap and
 * GetFeatureInfo only with `SRS=EPSG:4326` and a longitude-first BBOX), made a source of
 * through the form as a new user would, is saved as 1.1.1 and drawn where it belongs; a
 * click on it finds its feature, and its legend shows.
 */

const idleTimeout = 120_000;
const name = 'County parcels';

const auth = (session: ApiSession) => ({ Authorization: `Token ${session.token}` });

/** The config the API holds for the account's source of that name. */
async function savedConfig(session: ApiSession, account: number, sourceName: string) {
  const list = await session.request.get(`/api/datasources?account=${account}`, { headers: auth(session) });
  expect(list.status(), await list.text()).toBe(200);
  const { results } = (await list.json()) as { results: { id: number; name: string }[] };
  const found = results.find((source) => source.name === sourceName);
  if (!found) throw new Error(`No source ${sourceName}`);
  const detail = await session.request.get(`/api/datasources/${found.id}`, { headers: auth(session) });
  return { id: found.id, config: ((await detail.json()) as { config: Record<string, unknown> }).config };
}

/** Clicks the map where a place shows, on the canvas itself (not a panel over it). */
async function clickPlace(page: Page, longitude: number, latitude: number) {
  const canvas = await page.locator('.cesium-widget canvas').boundingBox();
  const point = await page.evaluate(
    ([lon, lat]) =>
      (
        window as unknown as { __viewer: { toScreen(lon: number, lat: number): { x: number; y: number } } }
      ).__viewer.toScreen(lon, lat),
    [longitude, latitude] as const,
  );
  if (!canvas || !point) throw new Error(`${longitude}, ${latitude} is not on the map`);
  const at = { x: canvas.x + point.x, y: canvas.y + point.y };
  const onCanvas = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.matches('.cesium-widget canvas') ?? false,
    at,
  );
  if (!onCanvas) throw new Error(`${longitude}, ${latitude} is under the map's controls`);
  await page.mouse.click(at.x, at.y);
}

test('a WMS 1.1.1 source made through the form is saved as 1.1.1 and drawn with SRS and a lon/lat box', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const { session, account, workspace } = await emptyWorkspace(request, 'wms111');
  const { context, page } = await loggedInPage(browser, session);

  // The form, as a new user fills it: the service's address, Test connection, its layer, Save.
  await page.goto('/datasource/create');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: /^Name/ }).fill(name);
  await main.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'WMS', exact: true }).click();
  await main.getByRole('textbox', { name: /^URL/ }).fill(`${fixtureOrigin()}${wms111.path}`);
  const version = main.getByRole('combobox', { name: /^Version/ });
  await expect(version).toHaveText('1.3.0');
  await main.getByRole('button', { name: 'Test connection' }).click();
  await expect(main.getByText('County parcels (WMS 1.1.1)')).toBeVisible();
  await expect(main.getByRole('definition').filter({ hasText: /^1\.1\.1$/ })).toBeVisible();
  await expect(version).toHaveText('1.1.1');
  await main.getByRole('checkbox', { name: `${wms111.title} (${wms111.layer})` }).check();
  await lookAt(page, testInfo, 'wms111-form-found');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 740 });
  // The toolbar folds into its menu at this width.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
  await lookAt(page, testInfo, 'wms111-form-found');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/datasources$/);

  const saved = await savedConfig(session, account.id, name);
  expect(saved.config).toMatchObject({ layers: wms111.layer, version: '1.1.1' });

  // On the map: unticked first, so that the bare globe is the reference.
  await createLayer(session, workspace.id, name, saved.id, { visible: false });
  const asked: { url: URL; status: number }[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname === wms111.path) asked.push({ url, status: response.status() });
  });
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible();
  await waitForMapIdle(page, idleTimeout);
  await snapshot(page, 'base');
  await page.getByRole('checkbox', { name, exact: true }).check();
  await waitForMapIdle(page, idleTimeout);
  await expect(page.getByRole('img', { name: `${name} could not be shown` })).toHaveCount(0);

  const boxes = [await screenBox(page, wms111.extent)];
  await snapshot(page, 'on');
  const shown = await pixelStats(page, { snapshot: 'on', reference: 'base', boxes, colour: wms111.colour });
  expect(shown.inside.pixels, 'the extent covers a good part of the screen').toBeGreaterThan(2_000);
  expect(shown.inside.changed, 'drawn inside its extent').toBeGreaterThan(0.95);
  expect(shown.inside.colour, 'in its colour').toBeGreaterThan(0.9);
  expect(shown.outside.colour, 'and not elsewhere').toBeLessThan(0.001);

  const getMaps = asked.filter(({ url }) =>
    /^getmap$/i.test(url.searchParams.get('REQUEST') ?? url.searchParams.get('request') ?? ''),
  );
  expect(getMaps.length, 'GetMap requests').toBeGreaterThan(0);
  for (const { url, status } of getMaps) {
    const q = new Map([...url.searchParams].map(([key, value]) => [key.toLowerCase(), value]));
    expect({ version: q.get('version'), srs: q.get('srs'), crs: q.get('crs'), status }, url.search).toEqual({
      version: '1.1.1',
      srs: 'EPSG:4326',
      crs: undefined,
      status: 200,
    });
  }

  // The legend: the service's GetLegendGraphic, asked in 1.1.1.
  await page.getByRole('button', { name: `Layer options: ${name}` }).click();
  const legend = page
    .getByRole('figure', { name: `Legend of ${name}` })
    .getByRole('img', { name: `Legend of ${wms111.layer}` });
  await expect(legend).toBeVisible();
  await expect.poll(() => legend.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20);

  // A click on the parcels asks GetFeatureInfo in 1.1.1 (X, Y, SRS), which finds parcel 7.
  await page.getByRole('button', { name: 'Close the layers panel' }).click();
  const [w, s, e, n] = wms111.extent;
  await clickPlace(page, (w + e) / 2, (s + n) / 2);
  const info = page.getByRole('region', { name: 'Feature information' });
  await expect(info).toContainText('Parcel 7');
  const featureInfo = asked.filter(({ url }) => /getfeatureinfo/i.test(url.search));
  expect(featureInfo.length).toBeGreaterThan(0);
  expect(featureInfo.every(({ status }) => status === 200)).toBe(true);
  await context.close();
});
