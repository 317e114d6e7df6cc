import fs from 'node:fs';
import path from 'node:path';
import type { Locator, TestInfo } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { expectNoSqueezedText, lookAt } from './screenshot';

/** One part of the screen as a picture: the test's output folder, and E2E_SCREENSHOTS_DIR when set. */
async function pictureOf(part: Locator, testInfo: TestInfo, file: string) {
  const picture = await part.screenshot({ path: testInfo.outputPath(file) });
  const shared = process.env.E2E_SCREENSHOTS_DIR;
  if (shared) {
    fs.mkdirSync(shared, { recursive: true });
    fs.writeFileSync(path.join(shared, file), picture);
  }
}

/**
 * The account and workspace screens, the menu dropdown and the drawer at 1280 and 375
 * px, light and dark, looked at on every run (e2e/screenshot.ts). The pictures go to the
 * test's output folder, and to E2E_SCREENSHOTS_DIR when it is set.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`account screens at ${width} px, ${colorScheme}`, async ({ page, request }, testInfo) => {
      const mobile = width <= 760;
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: mobile ? 740 : 800 });

      const fresh = await createActiveUser(request, `shotnew${width}${colorScheme}`);
      await logIn(page, fresh, /\/account\/create$/);
      await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Name is required').first()).toBeVisible();
      await lookAt(page, testInfo, 'create-account');

      const user = await createActiveUser(request, `shot${width}${colorScheme}`);
      const session = await apiSession(request, user);
      const account = await createAccount(session, 'Gemeente Utrecht');
      await createAccount(session, uniqueName('Provincie Zeeland'));
      const harbour = await createWorkspace(session, account, 'Harbour in 3D');
      await createWorkspace(session, account, 'City centre with a rather long name for wrapping');
      const other = await createActiveUser(request, `shotother${width}${colorScheme}`);
      const otherSession = await apiSession(request, other);
      const otherWorkspace = await createWorkspace(
        otherSession,
        await createAccount(otherSession, 'Waterschap'),
        'Dikes and dunes',
      );
      await otherSession.request.post('/api/invite', {
        headers: { Authorization: `Token ${otherSession.token}` },
        data: { workspace: otherWorkspace.id, email: user.email },
      });

      if (mobile) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await logIn(page, user, new RegExp(`/account/${account.slug}$`));
      await expect(page.getByText('Harbour in 3D', { exact: true })).toBeVisible();
      await lookAt(page, testInfo, 'account');

      if (mobile) {
        await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('presentation').getByRole('button', { name: account.name }).click();
        await page.waitForTimeout(400);
        await lookAt(page, testInfo, 'drawer', { fullPage: false, surface: 'drawer' });
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('banner').getByRole('button', { name: account.name }).click();
        await page.waitForTimeout(300);
        await lookAt(page, testInfo, 'dropdown', { fullPage: false, surface: 'menu' });
        await page.keyboard.press('Escape');
      }
      await page.waitForTimeout(400);

      await page.getByRole('main').getByRole('button', { name: 'Create Workspace' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await lookAt(page, testInfo, 'create-workspace-dialog', { fullPage: false, surface: 'dialog' });
      await page.keyboard.press('Escape');

      await page.goto('/accounts');
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
      await lookAt(page, testInfo, 'accounts');

      await page.goto('/shared');
      await expect(page.getByText('Dikes and dunes', { exact: true })).toBeVisible();
      await lookAt(page, testInfo, 'shared');

      await page.goto(`/workspace/${harbour.id}`);
      // The editor's panel: open on a wide screen, a sheet to open on a phone.
      if ((page.viewportSize()?.width ?? 1280) < 600)
        await page.getByRole('button', { name: 'Show layers' }).click();
      await page.getByRole('tab', { name: 'Sharing' }).click();
      // A link of its own with a label and an expiry: the row that was squeezed to a column
      // in the 400 px side panel.
      const links = page.getByRole('region', { name: 'Share links' });
      await links.getByLabel('Label').fill('Council briefing');
      await links.getByLabel('Expires').fill('2031-12-31');
      await links.getByRole('button', { name: 'Create link' }).click();
      await expect(links.getByRole('list', { name: 'Share links' }).getByRole('listitem')).toHaveCount(1);
      const invite = page.getByRole('region', { name: 'Invite' });
      await expect(invite).toBeVisible();
      await invite.getByLabel('E-mail').fill(other.email);
      await invite.getByRole('button', { name: 'Invite' }).click();
      await expect(page.getByRole('list', { name: 'Invitations' })).toBeVisible();
      await lookAt(page, testInfo, 'workspace');

      // The whole tab on its own (docs/screenshots/sharing-tab*.png), in a window tall enough
      // to hold it, without the snackbar over it.
      await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Close' }).click();
      await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0);
      await page.setViewportSize({ width, height: mobile ? 2600 : 2000 });
      const tab = page.getByRole('tabpanel', { name: 'Sharing' });
      await tab.evaluate((panel) => panel.scrollIntoView());
      await expectNoSqueezedText(page, 'sharing-tab');
      await pictureOf(tab, testInfo, `sharing-tab-${width}-${colorScheme}.png`);
    });
  }
}
