import { expect, test } from './fixtures';

test('the overlay shows the loading text while a screen loads, the spinner while requests run', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/login-screen-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.route(/\/api\/sites/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/');
  await expect(page.getByRole('status')).toHaveText('Loading content');
  await expect(page.getByRole('banner').getByRole('progressbar', { name: 'Loading' })).toBeVisible();

  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('progressbar')).toHaveCount(0);
});
