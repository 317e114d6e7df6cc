import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, gotoReady, test } from './fixtures';
import { createActiveUser, logIn, logInToProfile } from './identity';

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
