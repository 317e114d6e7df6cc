import { type ApiSession, apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, snackbar } from './identity';

/** A data source made through the API, to have something to search, sort and delete. */
async function createXyzSource(session: ApiSession, account: number, name: string) {
  const types = await session.request.get('/api/datasourcetypes');
  const { results } = (await types.json()) as { results: { id: number; key: string }[] };
  const xyz = results.find((type) => type.key === 'xyz');
  const response = await session.request.post('/api/datasources', {
    headers: { Authorization: `Token ${session.token}` },
    data: { name, type: xyz?.id, account, config: { url: 'https://tile.example.org/{z}/{x}/{y}.png' } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('create a data source through the form, find it, sort by name and delete two at once', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'sources');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Sources'));
  await createXyzSource(session, account.id, 'Alpha aerial photos');
  await createXyzSource(session, account.id, 'Beta base map');

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.getByRole('banner').getByRole('link', { name: 'Datasources' }).click();
  await expect(page).toHaveURL(/\/datasources$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible();
  const table = main.getByRole('table', { name: 'Data sources' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);

  // Create one through the form: an XYZ tile service.
  await main.getByRole('link', { name: 'Create data source' }).click();
  await expect(page).toHaveURL(/\/datasource\/create$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Create data source' })).toBeVisible();
  await main.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'XYZ tiles' }).click();
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByText('This field is required.')).toBeVisible();
  await main.getByRole('textbox', { name: /^Name/ }).fill('Gamma street map');
  await main.getByRole('textbox', { name: /^URL template/ }).fill('https://tile.example.org/{z}/{x}/{y}.png');
  await main.getByRole('textbox', { name: 'Credit' }).fill('© OpenStreetMap contributors');
  await main.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/datasources$/);
  await expect(snackbar(page)).toHaveText('Data source saved');
  await expect(rows).toHaveCount(3);
  // Newest first, by default.
  await expect(rows.first()).toContainText('Gamma street map');
  await expect(rows.first()).toContainText('XYZ tiles');

  // The form shows what was saved.
  await rows.first().getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/datasource\/edit\/\d+$/);
  await expect(main.getByRole('textbox', { name: 'Credit' })).toHaveValue('© OpenStreetMap contributors');
  await main.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/datasources$/);

  // Search on the server.
  await main.getByRole('searchbox', { name: 'Search' }).fill('gamma');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Gamma street map');
  await main.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(rows).toHaveCount(3);

  // Sort by name, then the other way round.
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(rows.nth(0)).toContainText('Alpha aerial photos');
  await expect(rows.nth(2)).toContainText('Gamma street map');
  await table.getByRole('button', { name: /^Name/ }).click();
  await expect(rows.nth(0)).toContainText('Gamma street map');
  await expect(rows.nth(2)).toContainText('Alpha aerial photos');

  // Select two and delete them together.
  const deleteSelected = main.getByRole('button', { name: 'Delete selected' });
  await expect(deleteSelected).toBeDisabled();
  await main.getByRole('checkbox', { name: 'Select Alpha aerial photos' }).check();
  await main.getByRole('checkbox', { name: 'Select Gamma street map' }).check();
  await deleteSelected.click();
  const dialog = page.getByRole('dialog', { name: 'Delete selected data sources' });
  await expect(dialog).toContainText('Are you sure you want to delete the 2 selected data sources?');
  expect((await dialog.boundingBox())?.width ?? 0).toBeLessThanOrEqual(500);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Beta base map');
  await expect(deleteSelected).toBeDisabled();

  // One more, alone.
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete data source' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(main.getByText('No data sources found')).toBeVisible();
});
