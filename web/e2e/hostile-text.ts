import { expect, type Page } from '@playwright/test';

/**
 * Text a tenant may type as a name, a description or a feature's property: markup and
 * script that would run if a screen put it into the page as HTML. Each payload sets
 * `window.__xss` (and raises a dialog) when it runs.
 */
export const hostile = {
  img: '<img src=x onerror="window.__xss=1;alert(1)">',
  svg: '"><svg onload="window.__xss=2;alert(2)">',
  link: 'javascript:window.__xss=3;alert(3)',
} as const;

/** A name made of one payload and a word of its own, so that every screen's copy can be found. */
export const hostileName = (payload: string, word: string) => `${payload} ${word}`;

/**
 * Watches a page for anything hostile text could make it run: a dialog, the `__xss`
 * flag, a Content-Security-Policy violation (the policy would block an inline handler,
 * but the violation still means the markup reached the page as HTML), and elements the
 * payloads would have created. `expectNothingRan` fails the test on any of them.
 */
export async function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const page = window as unknown as { __cspViolations?: string[] };
      page.__cspViolations = [
        ...(page.__cspViolations ?? []),
        `${event.violatedDirective} ${event.blockedURI}`,
      ];
    });
  });

  return async function expectNothingRan(where: string) {
    const inPage = await page.evaluate(() => ({
      flag: (window as unknown as { __xss?: number }).__xss ?? null,
      violations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      injected: document.querySelectorAll('img[src="x"], [onerror], [onload], svg[onload]').length,
      scriptLinks: [...document.querySelectorAll('a[href], iframe[src]')]
        .map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '')
        .filter((address) => /^\s*javascript:/i.test(address)),
    }));
    expect(dialogs, `${where}: dialogs`).toEqual([]);
    expect(violations, `${where}: CSP violations in the console`).toEqual([]);
    expect(inPage, where).toEqual({ flag: null, violations: [], injected: 0, scriptLinks: [] });
  };
}
