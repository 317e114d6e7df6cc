import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Looks at the screen as a person would before taking its picture: the page has one
 * visible main heading (or, for an open dialog or menu, that surface is visible) and
 * nothing overflows sideways, at the width the test set. The PNG goes to the test's
 * output folder and, when E2E_SCREENSHOTS_DIR is set, to that folder too (README
 * pictures, reviews).
 */
export async function lookAt(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true, surface }: { fullPage?: boolean; surface?: 'dialog' | 'menu' | 'drawer' } = {},
): Promise<void> {
  // The sticky toolbar would otherwise be drawn where the page happened to be scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  if (surface === 'dialog') await expect(page.getByRole('dialog')).toBeVisible();
  else if (surface === 'menu') await expect(page.getByRole('menu')).toBeVisible();
  else if (surface === 'drawer') await expect(page.getByRole('presentation').last()).toBeVisible();
  else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name}: the page is wider than the ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );

  const { width } = page.viewportSize() ?? { width: 0 };
  const scheme = await page.evaluate(() =>
    window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  const file = `${name}-${width}-${scheme}.png`;
  const picture = await page.screenshot({ path: testInfo.outputPath(file), fullPage });
  const shared = process.env.E2E_SCREENSHOTS_DIR;
  if (shared) {
    fs.mkdirSync(shared, { recursive: true });
    fs.writeFileSync(path.join(shared, file), picture);
  }
}
