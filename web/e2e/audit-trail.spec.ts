import { type ApiSession, apiSession, createAccount, createWorkspace } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, snackbar, submitLogin } from './identity';
import { lookAt } from './screenshot';

const authorised = (session: ApiSession) => ({ Authorization: `Token ${session.token}` });

/** A share link made and a workspace deleted through the API: two events of the account. */
async function accountEvents(session: ApiSession, accountId: number) {
  const account = { id: accountId, name: '', slug: '' };
  const kept = await createWorkspace(session, account, 'Harbour in 3D');
  const link = await session.request.post(`/api/workspaces/${kept.id}/share`, {
    headers: authorised(session),
    data: { label: 'Council meeting' },
  });
  expect(link.status(), await link.text()).toBe(201);
  const doomed = await createWorkspace(session, account, 'Old dikes survey');
  const deleted = await session.request.delete(`/api/workspaces/${doomed.id}`, {
    headers: authorised(session),
  });
  expect(deleted.status()).toBe(204);
}

test('a failed and then a successful login show in Recent activity; the admin sees the account’s Activity', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'audit');
  const session = await apiSession(request, user);
  const account = await createAccount(session, 'Waterschap Rivierenland');
  await accountEvents(session, account.id);

  await page.goto('/login');
  await submitLogin(page, user.username, 'Not-my-password-1');
  await expect(snackbar(page)).toHaveText('Unable to log in with provided credentials.');
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(new RegExp(`/account/${account.slug}$`));

  const activity = page.getByRole('region', { name: 'Activity' });
  const table = activity.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'What', 'Who', 'From']);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Workspace deleted');
  await expect(rows.nth(1)).toContainText('Old dikes survey');
  await expect(rows.nth(1)).toContainText(user.username);
  await expect(rows.nth(1)).toContainText('127.0.0.1');
  await expect(rows.nth(2)).toContainText('Share link created');
  await expect(rows.nth(2)).toContainText('Harbour in 3D · Council meeting');

  await page.goto('/profile');
  const recent = page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem');
  await expect(recent.first()).toContainText('Logged in');
  await expect(recent.first()).toContainText('Chrome on Linux · 127.0.0.1');
  await expect(recent.nth(1)).toContainText('Login failed · wrong password');
});

/** The two screens with events, at 1280 and 375 px, light and dark (e2e/screenshot.ts). */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`activity screens at ${width} px, ${colorScheme}`, async ({ page, request }, testInfo) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: width <= 760 ? 740 : 800 });
      const user = await createActiveUser(request, `auditshot${width}${colorScheme}`);
      const session = await apiSession(request, user);
      const account = await createAccount(session, 'Gemeente Utrecht');
      await accountEvents(session, account.id);
      // A second page: 26 members added after the two events above.
      const group = await session.request.post('/api/userGroup', {
        headers: authorised(session),
        data: { name: 'Surveyors', account: account.id },
      });
      const groupId = ((await group.json()) as { id: number }).id;
      for (let m = 0; m < 26; m++)
        await session.request.post(`/api/userGroup/${groupId}/members`, {
          headers: authorised(session),
          data: { email: `surveyor.with.a.rather.long.address.${m}@waterschap-rivierenland.example.org` },
        });

      // Through the API: the login form's error would still be on screen in the pictures.
      await request.post('/auth/login/', {
        data: { username: user.username, password: 'Not-my-password-1' },
      });
      await page.goto('/login');
      await submitLogin(page, user.username, user.password);
      await expect(page).toHaveURL(new RegExp(`/account/${account.slug}$`));
      const activity = page.getByRole('region', { name: 'Activity' });
      await expect(activity.getByText('Group member added').first()).toBeVisible();
      await activity.scrollIntoViewIfNeeded();
      await lookAt(page, testInfo, 'account-activity');
      await activity.screenshot({
        path: testInfo.outputPath(`activity-section-${width}-${colorScheme}.png`),
      });
      await activity.getByRole('button', { name: 'Go to next page' }).click();
      await expect(activity.getByText('21–28 of 28')).toBeVisible();
      await expect(activity.getByText('Workspace deleted')).toBeVisible();

      await page.goto('/profile');
      await expect(
        page.getByRole('region', { name: 'Recent activity' }).getByText('Login failed'),
      ).toBeVisible();
      await lookAt(page, testInfo, 'profile-recent-activity');
      await page
        .getByRole('region', { name: 'Recent activity' })
        .screenshot({ path: testInfo.outputPath(`recent-activity-section-${width}-${colorScheme}.png`) });
    });
  }
}
