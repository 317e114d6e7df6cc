import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { fixtureOrigin } from './viewer-fixtures';

/**
 * The workspace's dashboard (RUNTIME.md, `bi`; web/src/features/viewer/tools/dashboard):
 * a page of another origin (the fake portal's) in a sandboxed frame beside the map, which
 * the map page's CSP admits; the editor refuses an address that is no http(s) one.
 */
test('shows the workspace’s dashboard in a sandboxed frame, and the editor refuses a javascript: address', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'dashboard');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Port authority'));
  const workspace = await createWorkspace(session, account, uniqueName('Harbour'));
  const headers = { Authorization: `Token ${session.token}` };
  const read = await request.get(`/api/workspaces/${workspace.id}`, { headers });
  const { version } = (await read.json()) as { version: number };
  const saved = await request.patch(`/api/workspaces/${workspace.id}`, {
    headers,
    data: {
      version,
      workspacePlugins: JSON.stringify({ bi: { url: `${fixtureOrigin()}/dashboard/index.html` } }),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await logIn(page, user);
  await page.goto(`/workspace/view/${workspace.id}`);
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Dashboard', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  const frame = page.getByTitle(`Dashboard from ${new URL(fixtureOrigin()).host}`);
  await expect(frame).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads',
  );
  await expect(
    page.frameLocator('iframe[title^="Dashboard from"]').getByRole('heading', { name: 'Harbour dashboard' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
    'href',
    `${fixtureOrigin()}/dashboard/index.html`,
  );

  await page.goto(`/workspace/${workspace.id}`);
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('textbox', { name: 'Dashboard address' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save dashboard' }).click();
  await expect(
    page.getByText('The dashboard address must be empty or an http(s) address', { exact: false }),
  ).toBeVisible();
});
