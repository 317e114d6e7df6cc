import { expect, gotoReady, test } from './fixtures';

test('one page view per route change, carrying route patterns only', async ({ page, analytics }) => {
  await gotoReady(page, '/');
  await expect.poll(analytics.paths).toEqual(['/']);

  // Client-side navigation counts too.
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect.poll(analytics.paths).toEqual(['/', '/login']);
  await page.getByRole('banner').getByRole('link', { name: /home$/ }).click();
  await expect.poll(analytics.paths).toEqual(['/', '/login', '/']);

  await gotoReady(page, '/workspace/share/5/secret-token');
  await gotoReady(page, '/password-reset/12/abc-def');
  await gotoReady(page, '/no-such-page');
  await expect
    .poll(analytics.paths)
    .toEqual(['/', '/login', '/', '/workspace/share/:id/:token', '/password-reset/:uid/:token', '/404']);

  const events = analytics.bodies.map((body) => JSON.parse(body));
  expect(events.every((e) => e.name === 'pageview' && e.domain === 'e2e.test' && e.referrer === null)).toBe(
    true,
  );
  const all = analytics.bodies.join('\n');
  expect(all).not.toContain('secret-token');
  expect(all).not.toContain('abc-def');
});
