import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, gotoReady, test } from './fixtures';
import { authenticator, createActiveUser, logInToProfile, submitLogin } from './identity';

/**
 * Pictures of the identity screens for a person to look at, at 1280 and 375 px, light
 * and dark: `E2E_SCREENSHOTS=1 npx playwright test -c web/playwright.config.ts screenshots`.
 * Skipped otherwise; they assert nothing a journey does not.
 */
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.skip(!process.env.E2E_SCREENSHOTS, 'set E2E_SCREENSHOTS=1 to take the screenshots');

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`identity screens at ${width} px, ${colorScheme}`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: width > 760 ? 800 : 740 });
      fs.mkdirSync(outDir, { recursive: true });
      const shot = async (name: string) => {
        // The sticky toolbar would otherwise be drawn where the page happened to be scrolled.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(outDir, `${name}-${width}-${colorScheme}.png`),
          fullPage: true,
        });
      };

      await gotoReady(page, '/');
      await shot('login');
      await gotoReady(page, '/register');
      await page.getByRole('button', { name: 'Register' }).click();
      await shot('register');

      const user = await createActiveUser(request, `shot${width}${colorScheme}`);
      await logInToProfile(page, user);
      await page.getByRole('button', { name: 'Activate: Authenticator app' }).click();
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      await shot('profile');

      const secret = await page.getByLabel('Or enter this key by hand').inputValue();
      await page.getByLabel('Verificatie code').fill(await authenticator(secret).next());
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('list', { name: 'Backup codes' })).toBeVisible();
      await shot('backup-codes');

      if (width <= 760) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await submitLogin(page, user.username, user.password);
      await expect(page.getByRole('heading', { name: 'Verifieer login' })).toBeVisible();
      await shot('verification');
    });
  }
}
