import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { fakeHeight } from './fake-wcs';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { lookAt } from './screenshot';
import { waitForMapIdle } from './viewer-fixtures';

type ViewerHook = {
  toScreen(longitude: number, latitude: number, height?: number): { x: number; y: number } | undefined;
};

/**
 * RD New easting (EPSG:28992) of a WGS84 point: the published polynomial approximation
 * (Schreutelkamp and Strang van Hees), within about a metre in the Netherlands, which is
 * a centimetre of the fake ground model's height.
 */
function rdEasting(longitude: number, latitude: number): number {
  const p = 0.36 * (latitude - 52.1551744);
  const q = 0.36 * (longitude - 5.38720621);
  const terms: [number, number, number][] = [
    [0, 1, 190094.945],
    [1, 1, -11832.228],
    [2, 1, -114.221],
    [0, 3, -32.391],
    [1, 0, -0.705],
    [3, 1, -2.34],
    [1, 3, -0.608],
    [0, 2, -0.008],
    [2, 3, 0.148],
  ];
  return 155000 + terms.reduce((sum, [i, j, r]) => sum + r * p ** i * q ** j, 0);
}

/** The figure of a row of the profile's table, in metres or percent. */
async function figure(page: Page, row: string): Promise<number> {
  const text = await page
    .getByRole('table', { name: 'Figures per profile' })
    .getByRole('row', { name: new RegExp(`^${row}`) })
    .getByRole('cell')
    .last()
    .innerText();
  return Number(text.replace(/[^\d.-]/g, ''));
}

const toScreen = (page: Page, longitude: number, latitude: number) =>
  page.evaluate(
    ([lon, lat]) => (window as unknown as { __viewer: ViewerHook }).__viewer.toScreen(lon, lat, 0),
    [longitude, latitude] as const,
  );

/**
 * The elevation profile (RUNTIME.md `elevation`, Profiles): a line of two clicks near
 * Amersfoort, the built-in ground model answered by a fake AHN on loopback (e2e/fake-wcs.ts,
 * one metre up per 100 m eastwards), its chart drawn by uPlot (fetched only now), its
 * figures as the formula says, and its CSV. Pictures at 1280 and 375 px, light and dark.
 */
test('draws a line and shows its elevation profile from the built-in ground model', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const user = await createActiveUser(request, 'elevation');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Waterboard'));
  const workspace = await createWorkspace(session, account, uniqueName('Dikes'));
  const headers = { Authorization: `Token ${session.token}` };
  const read = await request.get(`/api/workspaces/${workspace.id}`, { headers });
  const { version } = (await read.json()) as { version: number };
  const camera = { longitude: 5.44, latitude: 52.15, height: 5000, heading: 0, pitch: -90, roll: 0 };
  const saved = await request.patch(`/api/workspaces/${workspace.id}`, {
    headers,
    data: { version, camera: JSON.stringify(camera) },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const chartChunks: string[] = [];
  page.on('request', (r) => {
    if (/uplot/i.test(r.url())) chartChunks.push(r.url());
  });

  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
  await waitForMapIdle(page);
  expect(chartChunks, 'uPlot is not fetched with the viewer').toEqual([]);

  const toggle = page.getByRole('button', { name: 'Elevation profile', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByRole('region', { name: 'Elevation profile' });
  await expect(panel.getByText('Click the map to place the first point of a line.')).toBeVisible();

  // West to east along one latitude, inside the fake coverage; the map is narrower now.
  await waitForMapIdle(page);
  const west = await toScreen(page, 5.415, 52.15);
  const east = await toScreen(page, 5.465, 52.15);
  if (!west || !east) throw new Error('The line’s ends are not in view');
  const answer = page.waitForResponse((r) => r.url().includes(`/api/workspaces/${workspace.id}/profile`));
  await page.mouse.click(west.x, west.y);
  await expect(panel.getByText('Click the map to place the next point.')).toBeVisible();
  await page.mouse.click(east.x, east.y);
  const response = await answer;
  expect(response.status()).toBe(200);
  const profile = (await response.json()) as {
    length: number;
    points: { distance: number; longitude: number; latitude: number }[];
    profiles: { title: string; heights: (number | null)[] }[];
  };
  expect(profile.profiles.map((p) => p.title)).toEqual(['AHN3/AHN4']);
  expect(profile.points).toHaveLength(200);

  // The chart, in uPlot's own chunk, with a summary for screen readers.
  const chart = panel.getByRole('img', {
    name: /^Elevation profile along a line of .*: AHN3\/AHN4, above sea level \(NAP\), from/,
  });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toBeVisible();
  expect(chartChunks.length, 'uPlot arrives with the chart').toBeGreaterThan(0);

  // The figures, as the fake ground model's formula says.
  const first = profile.points[0];
  const last = profile.points.at(-1);
  if (!first || !last) throw new Error('No points');
  const low = fakeHeight(rdEasting(first.longitude, first.latitude));
  const high = fakeHeight(rdEasting(last.longitude, last.latitude));
  await expect(panel.getByText(/^Length of the line: \d/)).toBeVisible();
  expect(Math.abs((await figure(page, 'Lowest')) - low)).toBeLessThan(0.15);
  expect(Math.abs((await figure(page, 'Highest')) - high)).toBeLessThan(0.15);
  expect(Math.abs((await figure(page, 'Mean')) - (low + high) / 2)).toBeLessThan(0.15);
  expect(Math.abs((await figure(page, 'Ascent')) - (high - low))).toBeLessThan(0.15);
  expect(await figure(page, 'Descent')).toBe(0);
  // 1 % everywhere; neighbouring samples round to whole pixels of 1 m, so a little more at most.
  const steepest = await figure(page, 'Steepest slope');
  expect(steepest).toBeGreaterThanOrEqual(0.9);
  expect(steepest).toBeLessThan(1.3);

  // Hovering the chart marks the point on the map (and must not break anything).
  const box = await chart.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  // The CSV: the API's columns, a row per point.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download the profile as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dikes-[a-z0-9]+-profile-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const csv = fs.readFileSync((await file.path()) ?? '', 'utf8');
  const rows = csv.trimEnd().split('\r\n');
  expect(rows[0]).toBe('distance,longitude,latitude,AHN3/AHN4');
  expect(rows).toHaveLength(201);
  expect(Number(rows[200]?.split(',')[3])).toBeCloseTo(profile.profiles[0]?.heights[199] ?? Number.NaN, 6);

  // The panel at its narrowest, as on a small laptop: the chart and its figures must still read.
  await page.getByRole('separator', { name: 'Resize Elevation profile' }).press('Home');
  await page.mouse.move(5, 400);
  await lookAt(page, testInfo, 'viewer-elevation', { fullPage: false });
  await page.emulateMedia({ colorScheme: 'dark' });
  await lookAt(page, testInfo, 'viewer-elevation', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(chart).toBeVisible();
  await lookAt(page, testInfo, 'viewer-elevation', { fullPage: false });
  await page.emulateMedia({ colorScheme: 'light' });
  await lookAt(page, testInfo, 'viewer-elevation', { fullPage: false });
});
