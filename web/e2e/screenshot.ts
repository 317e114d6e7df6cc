import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Looks at the screen as a person would before taking its picture: the page has one
 * visible main heading (or, for an open dialog or menu, that surface is visible) and
 * nothing overflows sideways and no text is squeezed into a column (expectNoSqueezedText),
 * at the width the test set. The PNG goes to the test's
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

  await expectNoSqueezedText(page, name);

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

/**
 * Fails when a visible text of three characters or more is laid out in a column
 * narrower than two of its characters ("0" in its own font), or a sentence of four words
 * or more set one word per line: a field or a row squeezed into a column. Text hidden for screen readers only
 * (a 1 px clip) is skipped.
 */
export async function expectNoSqueezedText(page: Page, name: string): Promise<void> {
  const squeezed = await page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d');
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (text.length < 3 || !element || !canvas) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = range.getClientRects();
      if (lines.length < 2) continue;
      const style = getComputedStyle(element);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const twoCharacters = canvas.measureText('00').width;
      // Or a sentence set one word per line: as squeezed, to a reader.
      const words = text.split(/\s+/).length;
      const oneWordPerLine =
        words >= 4 && new Set([...lines].map((line) => Math.round(line.top))).size >= words;
      if (range.getBoundingClientRect().width < twoCharacters || oneWordPerLine)
        found.push(text.slice(0, 40));
    }
    return found;
  });
  expect(squeezed, `${name}: text squeezed into a column`).toEqual([]);
}
