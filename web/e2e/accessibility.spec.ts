import AxeBuilder from '@axe-core/playwright';
import { expect, gotoReady, test } from './fixtures';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const path of ['/', '/no-such-page']) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        await gotoReady(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const severe = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
        expect(severe).toEqual([]);
      });
    }
  });
}
