import type { Locator, Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { pressUntilAnnounced } from './keyboard-drag';
import { lookAt } from './screenshot';
import { createLayer, createShareLink, createXyzSource, fixtureOrigin } from './viewer-fixtures';

/**
 * The map screens by keyboard alone: a skip link past the toolbar to the map, the
 * add-layer dialog's list as one tab stop, Escape closing dialogs, and a drag in the
 * editor's tree whose announcements name the layer and its place.
 */

async function workspaceWithQuays(request: Parameters<typeof apiSession>[0], prefix: string) {
  const user = await createActiveUser(request, prefix);
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Keys account'));
  const workspace = await createWorkspace(session, account, uniqueName('Keyboard harbour'));
  const tiles = await createXyzSource(
    session,
    account,
    'Harbour tiles',
    `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`,
  );
  await createXyzSource(session, account, 'Buoys', `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`);
  await createXyzSource(session, account, 'Wrecks', `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`);
  // Added last, so below the base layer: the place a new user drags an overlay to by mistake.
  await createLayer(session, workspace.id, 'Quays', tiles.id);
  return { user, session, workspace };
}

/** A source's name as its option shows it (the option's name adds the source's type). */
const nameOf = async (option: Locator) =>
  (await option.locator('.MuiListItemText-primary').textContent()) ?? '';

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent ?? '';
  });

test('the first Tab offers a skip link: to the map on the map screens, to the content elsewhere', async ({
  page,
  request,
}) => {
  const { user, session, workspace } = await workspaceWithQuays(request, 'skip');
  const { token } = await createShareLink(session, workspace.id);
  await logIn(page, user);

  for (const path of [
    `/workspace/${workspace.id}`,
    `/workspace/view/${workspace.id}`,
    `/workspace/share/${workspace.id}/${token}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to the map' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: `3D map of ${workspace.name}` })).toBeFocused();
    // The screen was not rendered afresh (no #hash in the address), and Tab goes on from the map.
    expect(new URL(page.url()).hash).toBe('');
    await expect(skip).not.toBeInViewport();
  }

  await page.goto('/shared');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('the add-layer list is one tab stop with arrow keys; Escape closes the editor’s dialogs', async ({
  page,
  request,
}) => {
  const { user, workspace } = await workspaceWithQuays(request, 'listkeys');
  await logIn(page, user);
  await page.goto(`/workspace/${workspace.id}`);
  const addLayer = page.getByRole('button', { name: 'Add layer' });
  await addLayer.click();
  const dialog = page.getByRole('dialog', { name: 'Add a layer from a data source' });
  const options = dialog.getByRole('listbox', { name: 'Data sources' }).getByRole('option');
  await expect(options).toHaveCount(3);

  await dialog.getByRole('searchbox', { name: 'Search data sources' }).focus();
  await page.keyboard.press('Tab');
  await expect(options.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(options.nth(2)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(options.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // Moving is not choosing; Enter chooses, and Tab leaves the list for the next field.
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(await nameOf(options.nth(1)));
  // Back into the list with Shift+Tab: onto the chosen source, not the first.
  await page.keyboard.press('Shift+Tab');
  await expect(options.nth(1)).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addLayer).toBeFocused();

  for (const [opener, name] of [
    [page.getByRole('button', { name: 'Add group' }), 'Add a group'],
    [page.getByRole('button', { name: 'Actions for Quays' }), 'Rename Quays'],
  ] as const) {
    await opener.click();
    if (name === 'Rename Quays') await page.getByRole('menuitem', { name: 'Rename' }).click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name })).toBeHidden();
  }
});

test('a keyboard drag in the editor names the layer and its place, and says base layers stay below', async ({
  page,
  request,
}) => {
  const { user, session, workspace } = await workspaceWithQuays(request, 'dragkeys');
  await logIn(page, user);
  await page.goto(`/workspace/${workspace.id}`);
  const list = page.getByRole('list', { name: 'Layers' });
  const baseRow = list.getByRole('listitem').filter({ hasText: 'Natural Earth II' });
  await expect(baseRow).toContainText('Always drawn below the other layers');
  await expect(list.getByRole('listitem').filter({ hasText: 'Quays' })).not.toContainText('Always drawn');

  const announcer = page.locator('[id^="DndLiveRegion"]');
  const handle = page.getByRole('button', { name: 'Move Quays' });
  // The handle tells a screen reader how to drag, in words.
  await expect(handle).toHaveAccessibleDescription(/press Space or Enter on its handle/);

  // Up above the base layer, and dropped there.
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announcer).toContainText(/Picked up Quays\.|Quays is over its own place\./);
  await pressUntilAnnounced(page, announcer, 'Quays', 'ArrowUp', 'Quays moved to the top level, position 1.');
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText('Quays dropped at the top level, position 1.');
  const names = async () => {
    const response = await session.request.get(`/api/layers?workspace=${workspace.id}`, {
      headers: { Authorization: `Token ${session.token}` },
    });
    return ((await response.json()).results as { name: string }[]).map((layer) => layer.name);
  };
  await expect.poll(names).toEqual(['Quays', 'Natural Earth II baseLayer']);

  // Down below it again: the announcement says it still draws above the base map; Escape cancels.
  await expect(list.getByRole('listitem').first()).toContainText('Quays');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announcer).toContainText(/Picked up Quays\.|Quays is over its own place\./);
  await pressUntilAnnounced(
    page,
    announcer,
    'Quays',
    'ArrowDown',
    'Quays moved to the top level, position 2. It is still drawn above the base map: base layers are always drawn below the other layers.',
  );
  await page.keyboard.press('Escape');
  await expect(announcer).toHaveText('Moving Quays was cancelled.');
  expect(await names()).toEqual(['Quays', 'Natural Earth II baseLayer']);
  expect(await focusedName(page)).toBe('Move Quays');
});

test('the skip link and the base layer’s note, looked at on a wide screen and a phone, light and dark', async ({
  page,
  request,
}, testInfo) => {
  const { user, workspace } = await workspaceWithQuays(request, 'keyslook');
  await logIn(page, user);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
    await page.goto(`/workspace/${workspace.id}`);
    await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
    const show = page.getByRole('button', { name: 'Show layers' });
    if (await show.isVisible()) await show.click();
    await expect(page.getByText('Always drawn below the other layers', { exact: true })).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.getByRole('link', { name: 'Skip to the map' }).focus();
      await expect(page.getByRole('link', { name: 'Skip to the map' })).toBeInViewport();
      await lookAt(page, testInfo, 'keyboard-skip-link');
    }
  }
});
