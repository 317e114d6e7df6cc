import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, snackbar } from './identity';
import { lookAt } from './screenshot';
import { createLayer, createXyzSource, fixtureOrigin } from './viewer-fixtures';

test('the layer library lists every layer of the account, searches, and assigns user groups', async ({
  page,
  request,
}, testInfo) => {
  const user = await createActiveUser(request, 'library');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Library account'));
  const harbour = await createWorkspace(session, account, uniqueName('Harbour'));
  const dunes = await createWorkspace(session, account, uniqueName('Dunes'));
  const tiles = await createXyzSource(
    session,
    account,
    'Quay tiles',
    `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`,
  );
  await createLayer(session, harbour.id, 'Quays', tiles.id);
  await createLayer(session, dunes.id, 'Beach', tiles.id);
  const group = await session.request.post('/api/userGroup', {
    headers: { Authorization: `Token ${session.token}` },
    data: { name: 'Pilots', account: account.id },
  });
  expect(group.status()).toBe(201);

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.getByRole('banner').getByRole('link', { name: 'Layers' }).click();
  await expect(page).toHaveURL(/\/layers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Layers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Layers' });
  // Two base layers (one per new workspace) and the two added.
  await expect(table.getByRole('row')).toHaveCount(5);

  await page.getByRole('searchbox', { name: 'Search layers, workspaces or data sources' }).fill('quay');
  await expect(table.getByRole('row')).toHaveCount(3);
  const quays = table.getByRole('row').filter({ hasText: 'Quays' });
  await expect(quays).toContainText(harbour.name);
  await expect(quays).toContainText('Everyone');

  await quays.getByRole('button', { name: 'User groups of Quays' }).click();
  const dialog = page.getByRole('dialog', { name: 'User groups of Quays' });
  await dialog.getByRole('checkbox', { name: 'Pilots' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toHaveText('User groups saved');
  await expect(quays.getByText('Pilots')).toBeVisible();
  await lookAt(page, testInfo, 'layer-library');

  await quays.getByRole('button', { name: 'User groups of Quays' }).click();
  await dialog.getByRole('checkbox', { name: 'Pilots' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(quays).toContainText('Everyone');
});
