import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser } from './identity';
import { createLayer, createShareLink, createXyzSource, fixtureOrigin } from './viewer-fixtures';

test('a share link shows the workspace read-only, logged out, without the layers kept for user groups', async ({
  browser,
  request,
}) => {
  const user = await createActiveUser(request, 'sharer');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Share account'));
  const workspace = await createWorkspace(session, account, uniqueName('Open harbour'));
  const tiles = await createXyzSource(session, account, 'Tiles', `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`);
  await createLayer(session, workspace.id, 'Public quays', tiles.id);
  const restricted = await createLayer(session, workspace.id, 'Pilot routes', tiles.id);
  const headers = { Authorization: `Token ${session.token}` };
  const group = await (
    await session.request.post('/api/userGroup', { headers, data: { name: 'Pilots', account: account.id } })
  ).json();
  const patched = await session.request.patch(`/api/layers/${restricted.id}`, {
    headers,
    data: { user_groups: [group.id] },
  });
  expect(patched.status()).toBe(200);
  const { token } = await createShareLink(session, workspace.id);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/workspace/share/${workspace.id}/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
  await expect(page.getByText('Read-only')).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Layers' });
  await expect(tree.getByRole('checkbox', { name: 'Public quays' })).toBeVisible();
  await expect(tree.getByRole('radio', { name: 'Natural Earth II' })).toBeVisible();
  await expect(tree.getByText('Pilot routes')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as start view' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Sharing' })).toHaveCount(0);
  // The API agrees: the grouped layer is not in what the link may read.
  const sources = await context.request.get(`/api/layers/sources?token=${token}`);
  expect((await sources.json()).results.map((s: { layer: number }) => s.layer)).not.toContain(restricted.id);
  await context.close();
});

test('a revoked or made-up share link says so, with a way onward', async ({ browser, request }) => {
  const user = await createActiveUser(request, 'revoker');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Revoke account'));
  const workspace = await createWorkspace(session, account, uniqueName('Closed harbour'));
  const headers = { Authorization: `Token ${session.token}` };
  const made = await session.request.post(`/api/workspaces/${workspace.id}/share`, {
    headers,
    data: { label: 'For the press' },
  });
  const link = (await made.json()) as { id: number; token: string };
  const revoked = await session.request.delete(`/api/workspaces/${workspace.id}/share/${link.id}`, {
    headers,
  });
  expect(revoked.status()).toBe(204);

  const context = await browser.newContext();
  const page = await context.newPage();
  for (const token of [link.token, 'made-up-token']) {
    await page.goto(`/workspace/share/${workspace.id}/${token}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link has expired or was revoked' }),
    ).toBeVisible();
    await expect(page.getByText('Page not found')).toHaveCount(0);
    await expect(page.getByText(workspace.name)).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await context.close();
});
