import { apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { lookAt } from './screenshot';
import { waitForMapIdle } from './viewer-fixtures';

/**
 * The viewer and the editor as a newcomer meets them: the sample workspace (shipped data,
 * no internet), drawn with WebGL, at 1280 and 375 px, light and dark. Each picture is
 * checked like every screenshot (one main heading, nothing wider than the window).
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`the sample workspace in the viewer and the editor, ${colorScheme}`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(480_000);
    const user = await createActiveUser(request, `shots${colorScheme}`);
    const session = await apiSession(request, user);
    const account = await createAccount(session, uniqueName('Shots'));
    const sample = await session.request.post('/api/workspaces/sample', {
      headers: { Authorization: `Token ${session.token}` },
      data: { account: account.id },
    });
    expect(sample.status()).toBe(201);
    const { id } = (await sample.json()) as { id: number };

    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logIn(page, user, new RegExp(`/account/${account.slug}$`));
    await page.goto(`/workspace/view/${id}?e2e`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sample: World' })).toBeVisible();
    await waitForMapIdle(page);
    await lookAt(page, testInfo, 'viewer', { fullPage: false });

    await page.goto(`/workspace/${id}?e2e`);
    // A software globe beside other journeys on two cores: the editor's code may take a while.
    await expect(page.getByRole('tab', { name: 'Layers', selected: true })).toBeVisible({ timeout: 60_000 });
    await waitForMapIdle(page);
    await lookAt(page, testInfo, 'editor', { fullPage: false });

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/workspace/view/${id}?e2e`);
    await waitForMapIdle(page);
    await lookAt(page, testInfo, 'viewer', { fullPage: false });
    await page.getByRole('button', { name: 'Show layers' }).click();
    // The sheet slides in: the picture waits until it is in place.
    await expect(page.getByRole('tree', { name: 'Layers' })).toBeInViewport();
    await lookAt(page, testInfo, 'viewer-layers', { fullPage: false });

    // The editor on a phone: its panel is the bottom sheet.
    await page.goto(`/workspace/${id}?e2e`);
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Show layers' }).click();
    await expect(page.getByRole('tab', { name: 'Layers', selected: true })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Add layer' })).toBeInViewport();
    await lookAt(page, testInfo, 'editor', { fullPage: false });
    await context.close();
  });
}
