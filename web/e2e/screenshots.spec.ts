import { expect, gotoReady, test } from './fixtures';
import { authenticator, createActiveUser, logInToProfile, submitLogin } from './identity';
import { lookAt } from './screenshot';

/**
 * The identity screens at 1280 and 375 px, light and dark, looked at on every run: one
 * visible main heading, nothing wider than the window. The pictures go to the test's
 * output folder, and to E2E_SCREENSHOTS_DIR when it is set.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`identity screens at ${width} px, ${colorScheme}`, async ({ page, request }, testInfo) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: width > 760 ? 800 : 740 });

      await gotoReady(page, '/');
      await lookAt(page, testInfo, 'login');
      await gotoReady(page, '/register');
      await page.getByRole('button', { name: 'Register' }).click();
      await lookAt(page, testInfo, 'register');

      const user = await createActiveUser(request, `shot${width}${colorScheme}`);
      await logInToProfile(page, user);
      await page.getByRole('button', { name: 'Activate: Authenticator app' }).click();
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      await lookAt(page, testInfo, 'profile');

      const secret = await page.getByLabel('Or enter this key by hand').inputValue();
      await page.getByLabel('Verificatie code').fill(await authenticator(secret).next());
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('list', { name: 'Backup codes' })).toBeVisible();
      await lookAt(page, testInfo, 'backup-codes');

      if (width <= 760) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await submitLogin(page, user.username, user.password);
      await expect(page.getByRole('heading', { name: 'Verifieer login' })).toBeVisible();
      await lookAt(page, testInfo, 'verification');
    });
  }
}
