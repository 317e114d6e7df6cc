import { expect, gotoReady, test } from './fixtures';

// The e2e server's default site has no title, so the name comes from the host: on
// 127.0.0.1 that is the address itself (no words can be made of an IP address).
const derivedName = '127.0.0.1';

test('the toolbar shows the host-derived site name with the default logo', async ({ page }) => {
  await gotoReady(page, '/');
  const brand = page.getByRole('banner').getByRole('link', { name: `${derivedName} home` });
  await expect(brand).toBeVisible();
  await expect(brand).toContainText(derivedName);
  await expect(brand.locator('img')).toHaveAttribute('src', /default-logo.*\.svg|^data:image\/svg/);
  await expect(page).toHaveTitle(derivedName);
  await expect(page.getByRole('heading', { level: 1, name: derivedName })).toBeVisible();
});
