import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { lookAt } from './screenshot';
import {
  createLayer,
  createShareLink,
  createXyzSource,
  fixtureOrigin,
  mapCamera,
  waitForMapIdle,
} from './viewer-fixtures';

type Camera = {
  longitude: number;
  latitude: number;
  height: number;
  heading: number;
  pitch: number;
  roll: number;
};

/** Rotterdam's harbour from the south-west, tilted: far from where the workspace opens. */
const harbour: Camera = { longitude: 4.35, latitude: 51.88, height: 4000, heading: 30, pitch: -50, roll: 0 };

const jumpTo = async (page: Page, camera: Camera) => {
  await page.evaluate((to) => {
    const hook = (window as unknown as { __viewer: { engine: { flyTo(c: object, d: number): void } } })
      .__viewer;
    hook.engine.flyTo(to, 0);
  }, camera);
  await waitForMapIdle(page);
};

/** Whether the map's camera stands where `camera` does (degrees to about 1 m, height to 1 %). */
const standsAt = async (page: Page, camera: Camera) => {
  const now = await mapCamera(page);
  return (
    Math.abs((now.longitude ?? 0) - camera.longitude) < 1e-5 &&
    Math.abs((now.latitude ?? 0) - camera.latitude) < 1e-5 &&
    Math.abs((now.height ?? 0) - camera.height) < camera.height * 0.01
  );
};

/**
 * Saved views (RUNTIME.md, `views`; web/src/features/viewer/tools/views): an editor saves
 * the map as it stands and renames it; the view is in the workspace's plugins; its link
 * opens the map there, and choosing it from elsewhere flies there with its layers.
 */
test('an editor saves a view, and its link and the list both bring the map back to it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const user = await createActiveUser(request, 'views');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Port authority'));
  const workspace = await createWorkspace(session, account, uniqueName('Harbour'));
  const tiles = await createXyzSource(
    session,
    account,
    'Magenta tiles',
    `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`,
  );
  const layer = await createLayer(session, workspace.id, 'Magenta tiles', tiles.id);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);
  await jumpTo(page, harbour);

  const toggle = page.getByRole('button', { name: 'Saved views', exact: true });
  await toggle.click();
  const panel = page.getByRole('region', { name: 'Saved views' });
  await expect(panel.getByText(/A saved view keeps a place on the map/)).toBeVisible();
  await panel.getByRole('button', { name: 'Add view' }).click();
  const add = page.getByRole('dialog', { name: 'Add a view' });
  await add.getByRole('textbox', { name: 'Title' }).fill('Harbour');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('View saved')).toBeVisible();

  await panel.getByRole('button', { name: 'More actions for “Harbour”' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename view' });
  await rename.getByRole('textbox', { name: 'Title' }).fill('Harbour from the south-west');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('View renamed')).toBeVisible();

  const read = await request.get(`/api/workspaces/${workspace.id}`, {
    headers: { Authorization: `Token ${session.token}` },
  });
  const { workspacePlugins } = (await read.json()) as { workspacePlugins: string };
  const { views } = JSON.parse(workspacePlugins) as {
    views: { id: string; title: string; camera: Camera; visible: number[]; split: number | null }[];
  };
  expect(views).toHaveLength(1);
  const [view] = views;
  expect(view).toMatchObject({ title: 'Harbour from the south-west', split: null });
  // The ticked layers: ours, beside whatever a new workspace starts with.
  expect(view?.visible).toContain(layer.id);
  expect(view?.camera.longitude).toBeCloseTo(harbour.longitude, 5);
  expect(view?.camera.latitude).toBeCloseTo(harbour.latitude, 5);
  expect(view?.camera.heading).toBeCloseTo(harbour.heading, 1);
  const saved = view?.camera ?? harbour;

  // The view's link, as copied: it opens the map at the view.
  await panel.getByRole('button', { name: 'Copy link to “Harbour from the south-west”' }).click();
  await expect(page.getByText('Link to “Harbour from the south-west” copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${new URL(page.url()).origin}/workspace/view/${workspace.id}?view=${view?.id}`);
  await page.goto(`${link}&e2e`);
  await waitForMapIdle(page);
  expect(await standsAt(page, saved)).toBe(true);

  // A share link with the view opens the read-only page at it, without the editors' controls.
  const { token } = await createShareLink(session, workspace.id);
  await page.goto(`/workspace/share/${workspace.id}/${token}?view=${view?.id}&e2e`);
  await waitForMapIdle(page);
  expect(await standsAt(page, saved)).toBe(true);
  await page.getByRole('button', { name: 'Saved views', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Harbour from the south-west/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add view' })).toHaveCount(0);
  await page.goto(`/workspace/view/${workspace.id}?e2e`);
  await waitForMapIdle(page);

  // From elsewhere, with the layer unticked, choosing the view flies back and ticks it.
  await jumpTo(page, { ...harbour, longitude: 5.1, latitude: 52.09, heading: 0 });
  const checkbox = page.getByRole('checkbox', { name: 'Magenta tiles' });
  await checkbox.uncheck();
  await toggle.click();
  await panel.getByRole('button', { name: /^Harbour from the south-west/ }).click();
  await expect.poll(() => standsAt(page, saved), { timeout: 30_000 }).toBe(true);
  await expect(checkbox).toBeChecked();
  await expect(panel.getByRole('button', { name: /^Harbour from the south-west/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // A second view, so the pictures show a list with its order controls.
  await panel.getByRole('button', { name: 'Add view' }).click();
  await page
    .getByRole('dialog', { name: 'Add a view' })
    .getByRole('textbox', { name: 'Title' })
    .fill('Old town');
  await page.getByRole('dialog', { name: 'Add a view' }).getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await waitForMapIdle(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(panel).toBeInViewport();
    await waitForMapIdle(page);
    await lookAt(page, testInfo, 'viewer-views', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(panel).toBeInViewport();
    await waitForMapIdle(page);
    await lookAt(page, testInfo, 'viewer-views', { fullPage: false });
  }
});
