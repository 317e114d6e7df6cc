import { apiSession, createAccount, uniqueName } from './accounts';
import { accountWithSourceInUse, cityParks, createXyzSource } from './datasource-helpers';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, snackbar } from './identity';

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

test('the delete dialog names the workspaces that use a source before Delete is pressed, and leads to them', async ({
  page,
  request,
}) => {
  const { user, account, harbour } = await accountWithSourceInUse(request, 'inuse', 'In use');

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.goto('/datasources');
  const main = page.getByRole('main');
  const rows = main.getByRole('table', { name: 'Data sources' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const quayRow = rows.filter({ hasText: 'Quay walls' });
  await expect(quayRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  // One source in use: said before anything is pressed, with no Delete to press.
  await quayRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete data source' });
  await expect(dialog).toContainText('“Quay walls” is used by layers in 1 workspace:');
  await expect(dialog).toContainText('open the workspace and remove them first');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  expect((await dialog.boundingBox())?.width ?? 0).toBeLessThanOrEqual(500);
  await dialog.getByRole('link', { name: 'Open Harbour in the editor' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${harbour.id}$`));

  // Both selected: the free one goes, the one in use stays, as the dialog says.
  await page.getByRole('banner').getByRole('link', { name: 'Datasources' }).click();
  await expect(rows).toHaveCount(2);
  await main.getByRole('checkbox', { name: 'Select all data sources on this page' }).check();
  await main.getByRole('button', { name: 'Delete selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Delete selected data sources' });
  await expect(bulk).toContainText('One of the selected data sources is used by layers in workspaces');
  await expect(bulk.getByRole('list', { name: 'Workspaces that use Quay walls' })).toContainText('Harbour');
  await expect(bulk).toContainText('Delete the one that is not in use?');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await expect(bulk).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Quay walls');
  // Nothing was refused: no message.
  await expect(snackbar(page)).toBeHidden();
});

test('an upload is named after its file and sums up what the file held', async ({ page, request }) => {
  const user = await createActiveUser(request, 'upsum');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Uploads'));

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.goto('/datasource/create');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Upload a file' }).click();
  await main.locator('input[type=file]').setInputFiles(cityParks);
  await expect(main.getByRole('textbox', { name: /^Name/ })).toHaveValue('City parks');
  await main.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(main.getByText('“City parks” was uploaded')).toBeVisible();
  await expect(snackbar(page)).toHaveText('Data source saved');
  const fact = (term: string) =>
    main.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Features')).toHaveText('3');
  await expect(fact('Geometry types')).toHaveText('Polygon (2) · Point (1)');
  await expect(fact('Extent (W, S, E, N)')).toHaveText('4.858, 52.354, 4.896, 52.389');
  const table = main.getByRole('table', { name: 'The first 3 rows of attributes' });
  await expect(table.getByRole('columnheader')).toHaveText(['name', 'hectares']);
  await expect(table.locator('tbody tr')).toHaveText(['Vondelpark47', 'Westerpark15', 'Sarphatipark4.4']);

  await main.getByRole('link', { name: 'Go to data sources' }).click();
  await expect(page).toHaveURL(/\/datasources$/);
  await expect(main.getByRole('table', { name: 'Data sources' }).locator('tbody tr')).toHaveText([
    /City parks/,
  ]);
});
