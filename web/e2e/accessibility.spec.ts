import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { duplicateControlNames } from './control-names';
import { expect, gotoReady, test } from './fixtures';
import { createActiveUser, logIn, logInToProfile } from './identity';
import { createLayer, createShareLink, createXyzSource, fixtureOrigin } from './viewer-fixtures';

async function severeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const path of ['/', '/register', '/reset', '/activate', '/no-such-page']) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        await gotoReady(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await severeViolations(page)).toEqual([]);
      });
    }

    test('the profile, with the QR code step open, has no serious or critical violations', async ({
      page,
      request,
    }) => {
      const user = await createActiveUser(request, `a11y${colorScheme}`);
      await logInToProfile(page, user);
      await page.getByRole('button', { name: 'Activate: Authenticator app' }).click();
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      expect(await severeViolations(page)).toEqual([]);
    });

    test('the account and workspace screens have no serious or critical violations', async ({
      page,
      request,
    }) => {
      const user = await createActiveUser(request, `a11yacc${colorScheme}`);
      const session = await apiSession(request, user);
      const account = await createAccount(session, uniqueName('Access'));
      const workspace = await createWorkspace(session, account, 'Readable harbour');
      await logIn(page, user, new RegExp(`/account/${account.slug}$`));
      const screens: [string, RegExp | string][] = [
        [`/account/${account.slug}`, account.name],
        ['/accounts', 'Accounts'],
        ['/account/create', 'Create account'],
        ['/shared', 'Workspaces shared with you'],
        [`/workspace/${workspace.id}`, workspace.name],
      ];
      for (const [path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // The shell's loading overlay is down (the map page has other live regions: the
        // pointer's position, the drag-and-drop announcer).
        await expect(page.getByRole('status').filter({ hasText: 'Loading content' })).toBeHidden();
        expect(await severeViolations(page), path).toEqual([]);
      }
    });
  });
}

test('no two controls share a name on the editor, the viewer and the share page', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'a11ynames');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Names'));
  const workspace = await createWorkspace(session, account, uniqueName('Named harbour'));
  const tiles = await createXyzSource(session, account, 'Tiles', `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`);
  await createLayer(session, workspace.id, 'Quays', tiles.id);
  await createLayer(session, workspace.id, 'Buoys', tiles.id);
  const { token } = await createShareLink(session, workspace.id);
  await logIn(page, user);

  const check = async (what: string) => expect(await duplicateControlNames(page), what).toEqual([]);
  const heading = page.getByRole('heading', { level: 1, name: workspace.name });
  const showLayers = async () => {
    // Phones start with the layer sheet closed.
    const show = page.getByRole('button', { name: 'Show layers' });
    if (await show.isVisible()) await show.click();
  };

  await page.goto(`/workspace/${workspace.id}`);
  await expect(heading).toBeVisible();
  await check('the editor, closed panel');
  await showLayers();
  await expect(page.getByRole('button', { name: 'Actions for Quays' })).toBeVisible();
  await check('the editor, Layers tab');
  for (const tab of ['Details', 'Sharing']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await check(`the editor, ${tab} tab`);
  }

  await page.goto(`/workspace/view/${workspace.id}`);
  await expect(heading).toBeVisible();
  await check('the viewer, closed panel');
  await showLayers();
  await page.getByRole('button', { name: 'Layer options: Quays' }).click();
  await expect(page.getByRole('slider', { name: 'Opacity' })).toBeVisible();
  await check('the viewer, a layer’s options open');

  await page.goto(`/workspace/share/${workspace.id}/${token}`);
  await expect(heading).toBeVisible();
  await check('the share page');
  await showLayers();
  await check('the share page, layers shown');
});
