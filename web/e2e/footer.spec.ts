import { expect, gotoReady, test } from './fixtures';

test('the footer shows support, year and product on home, and hides on workspace paths', async ({ page }) => {
  await gotoReady(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('For questions and support reach us at support@e2e.test');
  await expect(footer.getByRole('link', { name: 'support@e2e.test' })).toHaveAttribute(
    'href',
    'mailto:support@e2e.test',
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} GeoWorkspaces`);

  // A share page, even one whose link is unknown, is a map page: no footer.
  await gotoReady(page, '/workspace/share/3/some-token');
  await expect(page.getByRole('heading', { name: 'This link has expired or was revoked' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});
