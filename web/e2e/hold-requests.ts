import type { Page } from '@playwright/test';

/** Holds every request matching `url` back until the answer is called. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds the app's entry script back until released: the page as it is before the app's code has run. */
export const holdTheApp = (page: Page) => holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
