import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace } from './accounts';
import { addLayerUsing, cityParks } from './datasource-helpers';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { lookAt } from './screenshot';

/** What axe finds serious or critical on the page, as in e2e/accessibility.spec.ts. */
async function severeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * The data source and user group screens at 1280 and 375 px, light and dark, looked at
 * on every run (e2e/screenshot.ts). The pictures go to the test's output folder, and to
 * E2E_SCREENSHOTS_DIR when it is set. The main screens are also checked with axe.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`data source and user group screens at ${width} px, ${colorScheme}`, async ({
      page,
      request,
    }, testInfo) => {
      const mobile = width <= 760;
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: mobile ? 740 : 800 });

      const user = await createActiveUser(request, `shotsrc${width}${colorScheme}`);
      const session = await apiSession(request, user);
      const account = await createAccount(session, 'Gemeente Utrecht');
      const headers = { Authorization: `Token ${session.token}` };
      const typesAnswer = await request.get('/api/datasourcetypes');
      const { results: types } = (await typesAnswer.json()) as { results: { id: number; key: string }[] };
      const typeId = (key: string) => types.find((type) => type.key === key)?.id;
      const sources = [
        {
          name: 'OpenStreetMap',
          type: 'xyz',
          config: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
        },
        {
          name: 'Buildings of the city centre in 3D, with a rather long name for wrapping',
          type: '3dtiles',
          config: { url: 'https://tiles.example.org/buildings/tileset.json' },
        },
        {
          name: 'Aerial photos 2024',
          type: 'wms',
          config: { url: 'https://service.pdok.nl/hwh/luchtfotorgb/wms/v1_0', layers: 'Actueel_orthoHR' },
        },
        { name: 'Terrain', type: 'cesium-terrain', config: { url: 'https://terrain.example.org/' } },
      ];
      const ids: number[] = [];
      for (const source of sources) {
        const created = await request.post('/api/datasources', {
          headers,
          data: { name: source.name, type: typeId(source.type), account: account.id, config: source.config },
        });
        expect(created.status(), await created.text()).toBe(201);
        ids.push(((await created.json()) as { id: number }).id);
      }
      const [firstId = 0, , aerialId = 0] = ids;
      // In use: the base map in two workspaces, the photos in one (the Used and Workspace(s) columns, the cards' chips).
      for (const name of ['Binnenstad', 'Leidsche Rijn']) {
        const workspace = await createWorkspace(session, account, name);
        await addLayerUsing(session, workspace.id, 'Base map', firstId);
        if (name === 'Binnenstad') await addLayerUsing(session, workspace.id, 'Aerial photos', aerialId);
      }
      for (const name of ['Field workers', 'Council members']) {
        const created = await request.post('/api/userGroup', {
          headers,
          data: { name, account: account.id },
        });
        expect(created.status(), await created.text()).toBe(201);
        const { id } = (await created.json()) as { id: number };
        await request.post(`/api/userGroup/${id}/members`, { headers, data: { email: user.email } });
        await request.post(`/api/userGroup/${id}/members`, {
          headers,
          data: { email: `someone-not-yet-registered-${width}${colorScheme}@e2e.test` },
        });
      }

      await logIn(page, user, new RegExp(`/account/${account.slug}$`));
      await page.goto('/datasources');
      const main = page.getByRole('main');
      // The table on a desktop, a card per source on a phone.
      const items = mobile
        ? main.getByRole('list', { name: 'Data sources' }).locator(':scope > li')
        : main.getByRole('table', { name: 'Data sources' }).locator('tbody tr');
      await expect(items).toHaveCount(4);
      await expect(main.getByRole('table', { name: 'Data sources' })).toHaveCount(mobile ? 0 : 1);
      await main.getByRole('checkbox', { name: 'Select OpenStreetMap' }).check();
      await main.getByRole('checkbox', { name: 'Select Terrain' }).check();
      await lookAt(page, testInfo, 'datasources');
      expect(await severeViolations(page), 'datasources').toEqual([]);

      await main.getByRole('button', { name: 'Delete selected' }).click();
      await page.waitForTimeout(300);
      await lookAt(page, testInfo, 'datasources-delete-dialog', { fullPage: false, surface: 'dialog' });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);

      await main.getByRole('link', { name: 'Create data source' }).click();
      await expect(main.getByRole('heading', { level: 1, name: 'Create data source' })).toBeVisible();
      await main.getByRole('button', { name: 'Save' }).click();
      await expect(main.getByText('This field is required.')).toBeVisible();
      await lookAt(page, testInfo, 'datasource-create');
      expect(await severeViolations(page), 'datasource-create').toEqual([]);

      await main.getByRole('button', { name: 'Upload a file' }).click();
      await main.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(main.getByText('Choose a file to upload')).toBeVisible();
      await lookAt(page, testInfo, 'datasource-upload');
      expect(await severeViolations(page), 'datasource-upload').toEqual([]);

      await main.locator('input[type=file]').setInputFiles(cityParks);
      await main.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(main.getByText('“City parks” was uploaded')).toBeVisible();
      await page.waitForTimeout(5500); // the snackbar is gone
      await lookAt(page, testInfo, 'datasource-upload-summary');
      expect(await severeViolations(page), 'datasource-upload-summary').toEqual([]);

      await page.goto(`/datasource/edit/${firstId}`);
      await expect(main.getByRole('textbox', { name: /^Name/ })).toHaveValue('OpenStreetMap');
      await lookAt(page, testInfo, 'datasource-edit');
      expect(await severeViolations(page), 'datasource-edit').toEqual([]);

      await page.goto('/usergroups');
      await expect(main.getByRole('list', { name: 'User groups' }).getByRole('listitem')).toHaveCount(2);
      await lookAt(page, testInfo, 'usergroups');
      expect(await severeViolations(page), 'usergroups').toEqual([]);

      await main
        .getByRole('listitem')
        .filter({ hasText: 'Field workers' })
        .getByRole('button', { name: 'Members' })
        .click();
      await expect(page.getByRole('dialog').getByText('Waiting for registration')).toBeVisible();
      await page.waitForTimeout(300);
      await lookAt(page, testInfo, 'usergroup-members', { fullPage: false, surface: 'dialog' });
      expect(await severeViolations(page), 'usergroup-members').toEqual([]);
    });
  }
}
