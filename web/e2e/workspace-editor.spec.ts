import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { pressUntilAnnounced } from './keyboard-drag';
import { lookAt } from './screenshot';
import { createXyzSource, fixtureOrigin } from './viewer-fixtures';

/**
 * The editor in the map (/workspace/{id}): building a layer tree from data sources, with
 * every move — by mouse, by keyboard and from a row's menu — surviving a reload exactly.
 * The map itself is proven in the viewer project (WebGL); here the panel is what counts.
 */

type TreeLayer = { id: number; name: string; layers: TreeLayer[]; template: string };
const shape = (layers: TreeLayer[]): unknown[] =>
  layers.map((layer) => (layer.layers.length ? [layer.name, shape(layer.layers)] : layer.name));

/** The rows of the editor's list, top to bottom. */
const rowNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Layers' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('label')?.textContent ?? ''));

/**
 * Drags a row by its handle onto another row, in small steps as a hand would, and lets go
 * only once the editor has announced the place under the pointer (`announced`): on a busy
 * machine a drop can otherwise come before the drag has measured where it is.
 */
async function drag(page: Page, name: string, onto: string, announced: string) {
  const handle = page.getByRole('button', { name: `Move ${name}` });
  const target = page.getByRole('list', { name: 'Layers' }).getByRole('listitem').filter({ hasText: onto });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const steps = 12;
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(
      from.x + from.width / 2,
      from.y + (to.y + to.height / 2 - from.y - from.height / 2) * (step / steps) + from.height / 2,
    );
  }
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(announced);
  await page.mouse.up();
}

test('builds a layer tree in the editor: add, group, move by mouse, keyboard and menu, rename, style, delete; it survives a reload', async ({
  page,
  request,
}, testInfo) => {
  const user = await createActiveUser(request, 'editor');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Editor account'));
  const workspace = await createWorkspace(session, account, uniqueName('Harbour plan'));
  await createXyzSource(session, account, 'Harbour tiles', `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`);
  const wms = await session.request.post('/api/datasources', {
    headers: { Authorization: `Token ${session.token}` },
    data: {
      name: 'Northshore WMS',
      type: 1,
      account: account.id,
      config: { url: `${fixtureOrigin()}/geoserver/wms`, layers: 'landcover' },
    },
  });
  expect(wms.status()).toBe(201);

  await logIn(page, user);
  await page.goto(`/workspace/${workspace.id}`);
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Layers', selected: true })).toBeVisible();
  // A new workspace starts with the offline base layer.
  await expect.poll(() => rowNames(page)).toEqual(['Natural Earth II']);

  // A layer from a data source.
  await page.getByRole('button', { name: 'Add layer' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a layer from a data source' });
  await dialog.getByRole('option', { name: /Harbour tiles/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Harbour tiles');
  await dialog.getByRole('button', { name: 'Add layer' }).click();
  await expect(dialog).toBeHidden();

  // A WMS layer: the service's sub-layer, named after it.
  await page.getByRole('button', { name: 'Add layer' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a layer from a data source' });
  await dialog.getByRole('searchbox', { name: 'Search data sources' }).fill('North');
  await dialog.getByRole('option', { name: /Northshore WMS/ }).click();
  await dialog.getByRole('combobox', { name: 'Layer of the service' }).click();
  await page.getByRole('option', { name: 'Wetlands' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Wetlands');
  await dialog.getByRole('button', { name: 'Add layer' }).click();
  await expect(dialog).toBeHidden();

  // A group.
  await page.getByRole('button', { name: 'Add group' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a group' });
  await dialog.getByRole('button', { name: 'Add group' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Port');
  await dialog.getByRole('button', { name: 'Add group' }).click();
  // New layers go on top.
  await expect.poll(() => rowNames(page)).toEqual(['Port', 'Wetlands', 'Harbour tiles', 'Natural Earth II']);

  const tree = async () => {
    const res = await session.request.get(`/api/layers?workspace=${workspace.id}`, {
      headers: { Authorization: `Token ${session.token}` },
    });
    return (await res.json()).results as TreeLayer[];
  };

  // By keyboard: pick up with Space, one place up, drop with Space. Just below a group's
  // row is the group's first place.
  // Each key waits for dnd-kit's announcement: a key pressed before the drag began is lost.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: 'Move Harbour tiles' }).focus();
  await page.keyboard.press('Space');
  await expect(announcer).toContainText(/Picked up Harbour tiles|Harbour tiles is over its own place/);
  // The announcement names the layer and its new place, not dnd-kit's ids.
  await pressUntilAnnounced(
    page,
    announcer,
    'Harbour tiles',
    'ArrowUp',
    'Harbour tiles moved into Port, position 1.',
  );
  await page.keyboard.press('Space');
  await expect
    .poll(async () => shape(await tree()))
    .toEqual([['Port', ['Harbour tiles']], 'Wetlands', 'Natural Earth II baseLayer']);

  // By mouse: dropped on the row just below the group's, it goes into the group, first. The rows
  // are measured once the list shows the keyboard's move.
  await expect.poll(() => rowNames(page)).toEqual(['Port', 'Harbour tiles', 'Wetlands', 'Natural Earth II']);
  await drag(page, 'Wetlands', 'Harbour tiles', 'Wetlands moved into Port, position 1.');
  await expect
    .poll(async () => shape(await tree()))
    .toEqual([['Port', ['Wetlands', 'Harbour tiles']], 'Natural Earth II baseLayer']);

  // From the row's menu: out of the group, then back into the group above.
  await page.getByRole('button', { name: 'Actions for Harbour tiles' }).click();
  await page.getByRole('menuitem', { name: 'Move out of the group' }).click();
  await expect
    .poll(async () => shape(await tree()))
    .toEqual([['Port', ['Wetlands']], 'Harbour tiles', 'Natural Earth II baseLayer']);
  await page.getByRole('button', { name: 'Actions for Harbour tiles' }).click();
  await page.getByRole('menuitem', { name: 'Move into the group above' }).click();

  const built = [['Port', ['Wetlands', 'Harbour tiles']], 'Natural Earth II baseLayer'];
  await expect.poll(async () => shape(await tree())).toEqual(built);
  const wetlands = (await tree())[0]?.layers[0];
  expect(JSON.parse(wetlands?.template ?? '{}')).toEqual({ layers: 'protected_areas:wetlands' });

  await page.reload();
  await expect.poll(() => rowNames(page)).toEqual(['Port', 'Wetlands', 'Harbour tiles', 'Natural Earth II']);
  expect(shape(await tree())).toEqual(built);
  await lookAt(page, testInfo, 'workspace-editor');

  // Rename.
  await page.getByRole('button', { name: 'Actions for Wetlands' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  dialog = page.getByRole('dialog', { name: 'Rename Wetlands' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Protected wetlands');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => rowNames(page))
    .toEqual(['Port', 'Protected wetlands', 'Harbour tiles', 'Natural Earth II']);

  // Style: a bad template says what is wrong and cannot be saved.
  await page.getByRole('button', { name: 'Actions for Harbour tiles' }).click();
  await page.getByRole('menuitem', { name: 'Edit style' }).click();
  dialog = page.getByRole('dialog', { name: 'Style of Harbour tiles' });
  const template = dialog.getByRole('textbox', { name: 'Template (JSON)' });
  await template.fill('{"opacity": 2}');
  await expect(dialog.getByText(/^Template opacity: /)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await template.fill('{"opacity": 0.5}');
  await expect(dialog.getByText('The template is valid.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await tree())[0]?.layers[1]?.template).toBe('{"opacity":0.5}');

  // Delete the group, with what it holds.
  await page.getByRole('button', { name: 'Actions for Port' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete Port?' });
  await expect(dialog).toContainText('The group and the 2 layers in it are removed');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Natural Earth II']);
});
