import { test as base, type Page } from '@playwright/test';

/** The Plausible events endpoint the e2e server is configured with (playwright.config.ts). */
export const plausibleEndpoint = 'https://plausible.e2e.test/api/event';

export type AnalyticsLog = {
  /** Raw request bodies, exactly as they left the browser. */
  bodies: string[];
  /** The `url` of every page view so far, without the origin. */
  paths: () => string[];
};

/**
 * Every test gets the analytics endpoint answered locally (nothing leaves the machine)
 * and a log of what the page sent to it.
 */
export const test = base.extend<{ analytics: AnalyticsLog }>({
  analytics: [
    async ({ page }, use) => {
      const bodies: string[] = [];
      await page.route(plausibleEndpoint, async (route) => {
        bodies.push(route.request().postData() ?? '');
        await route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' });
      });
      const paths = () =>
        bodies
          .map((body) => JSON.parse(body) as { name: string; url: string })
          .filter((event) => event.name === 'pageview')
          .map((event) => new URL(event.url).pathname);
      await use({ bodies, paths });
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

/** Opens a path and waits until the site lookup has answered and the brand shows. */
export async function gotoReady(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('banner').locator('img').first().waitFor();
}
