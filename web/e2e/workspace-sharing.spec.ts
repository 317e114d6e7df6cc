import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, snackbar } from './identity';
import { lookAt } from './screenshot';

test('share a workspace by link (and revoke it), and add an editor by e-mail', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  const alice = await createActiveUser(request, 'alice');
  const aliceSession = await apiSession(request, alice);
  const aliceAccount = await createAccount(aliceSession, uniqueName('Alice maps'));
  const workspace = await createWorkspace(aliceSession, aliceAccount, uniqueName('Canal district'));
  const bob = await createActiveUser(request, 'bob');

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, alice, new RegExp(`/account/${aliceAccount.slug}$`));
  await page.goto(`/workspace/${workspace.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Sharing' }).click();

  // A share link with a label, copied to the clipboard.
  const links = page.getByRole('region', { name: 'Share links' });
  await expect(links.getByText(/^No share links yet\./)).toBeVisible();
  await links.getByLabel('Label (optional)').fill('For the council');
  await links.getByRole('button', { name: 'Create link' }).click();
  const row = links.getByRole('listitem').filter({ hasText: 'For the council' });
  await expect(row).toContainText('Never expires');
  await expect(row).toContainText('Not used yet');
  await row.getByRole('button', { name: 'Copy link' }).click();
  await expect(snackbar(page)).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const origin = new URL(page.url()).origin;
  expect(copied).toMatch(new RegExp(`^${origin}/workspace/share/${workspace.id}/[\\w-]+$`));
  const token = copied.split('/').at(-1) ?? '';

  // Logged out, in a fresh browser: the link opens the workspace through the API.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(new URL(copied).pathname);
  const shared = await strangerPage.request.get(`/api/workspaces/${workspace.id}?token=${token}`);
  expect(shared.status()).toBe(200);
  expect(await shared.json()).toMatchObject({ id: workspace.id, name: workspace.name, rights: 'view' });

  // Used once: the list says when.
  await page.reload();
  await page.getByRole('tab', { name: 'Sharing' }).click();
  await expect(row).toContainText('Last used');

  // An editor, by e-mail.
  const editors = page.getByRole('region', { name: 'Editors' });
  await editors.getByLabel('E-mail').fill(`nobody-${Date.now()}@e2e.test`);
  await editors.getByRole('button', { name: 'Add editor' }).click();
  await expect(editors.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
  await editors.getByLabel('E-mail').fill(bob.email);
  await editors.getByRole('button', { name: 'Add editor' }).click();
  const editorList = editors.getByRole('list', { name: 'Editors' });
  await expect(editorList.getByRole('listitem')).toHaveCount(1);
  await expect(editorList).toContainText(bob.username);
  await expect(editorList).toContainText(bob.email);
  await expect(editors.getByRole('button', { name: `Remove ${bob.username}` })).toBeVisible();

  await lookAt(page, testInfo, 'workspace-sharing');
  await page.setViewportSize({ width: 375, height: 740 });
  await lookAt(page, testInfo, 'workspace-sharing');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Revoked: the link is dead at once.
  await row.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this share link?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(snackbar(page)).toHaveText('Share link revoked');
  await expect(links.getByRole('listitem')).toHaveCount(0);
  const dead = await strangerPage.request.get(`/api/workspaces/${workspace.id}?token=${token}`);
  expect(dead.status()).toBe(404);
  await stranger.close();
});
