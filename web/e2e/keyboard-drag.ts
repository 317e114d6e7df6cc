import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves the picked-up row `name` by keyboard with `key` and waits for the announcement
 * `expected`.
 *
 * dnd-kit's keyboard sensor starts listening for keys from a timer after the pick-up, and
 * Chrome runs input before timers: on a busy machine an arrow pressed right after the
 * pick-up's announcement can come before the listener and is lost. A person never keys that
 * fast; the test presses again only while the announcement still says nothing has moved, so
 * a slow but received key is never pressed twice.
 */
export async function pressUntilAnnounced(
  page: Page,
  announcer: Locator,
  name: string,
  key: string,
  expected: string,
) {
  const unmoved = [`Picked up ${name}.`, `${name} is over its own place.`];
  await page.keyboard.press(key);
  for (let retry = 0; retry < 4; retry++) {
    const moved = await expect
      .poll(async () => !unmoved.includes(((await announcer.textContent()) ?? '').trim()), { timeout: 3000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (moved) break;
    await page.keyboard.press(key);
  }
  await expect(announcer).toHaveText(expected);
}
