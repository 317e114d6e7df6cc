import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { lookAt } from './screenshot';
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

/*
 * A dashboard that refuses to be framed (X-Frame-Options: DENY): the browser fires the
 * frame's load all the same, so only the server's look at its headers tells; on the
 * share page, with the link's token.
 */
test('says a dashboard refuses to be framed and offers it in a new tab, on the share page', async ({
  page,
  request,
}, testInfo) => {
  const user = await createActiveUser(request, 'dashboard-refusing');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Port authority'));
  const workspace = await createWorkspace(session, account, uniqueName('Harbour'));
  const headers = { Authorization: `Token ${session.token}` };
  const read = await request.get(`/api/workspaces/${workspace.id}`, { headers });
  const { version } = (await read.json()) as { version: number };
  const refusing = `${fixtureOrigin()}/dashboard/refusing.html`;
  const saved = await request.patch(`/api/workspaces/${workspace.id}`, {
    headers,
    data: { version, workspacePlugins: JSON.stringify({ bi: { url: refusing } }) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const link = await request.post(`/api/workspaces/${workspace.id}/share`, { headers, data: {} });
  expect(link.status(), await link.text()).toBe(201);
  const { token } = (await link.json()) as { token: string };

  await page.goto(`/workspace/share/${workspace.id}/${token}`);
  await expect(page.getByRole('heading', { name: workspace.name })).toBeVisible();
  await page.getByRole('button', { name: 'Dashboard', exact: true }).click();

  const panel = page.getByRole('region', { name: 'Dashboard' });
  await expect(
    panel.getByText('This dashboard does not allow being shown inside other sites.'),
  ).toBeVisible();
  await expect(panel.getByTitle(/^Dashboard from/)).toHaveCount(0);
  const links = panel.getByRole('link', { name: 'Open in new tab' });
  await expect(links).toHaveCount(2);
  for (const open of await links.all()) {
    await expect(open).toHaveAttribute('href', refusing);
    await expect(open).toHaveAttribute('target', '_blank');
  }

  // Beside the map on a wide screen, a bottom sheet on a phone; light and dark.
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 375]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await expect(
        page.getByText('This dashboard does not allow being shown inside other sites.'),
      ).toBeVisible();
      await lookAt(page, testInfo, 'viewer-dashboard-refused', { fullPage: false });
    }
});
