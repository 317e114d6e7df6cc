import { accountWithSourceInUse } from './datasource-helpers';
import { expect, test } from './fixtures';
import { logIn } from './identity';

test('at 375 px the data sources are cards with the row’s checkbox, edit and delete, not a table', async ({
  page,
  request,
}) => {
  const { user, account, quayWalls } = await accountWithSourceInUse(request, 'phonesrc', 'Phone');

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.goto('/datasources');
  const main = page.getByRole('main');
  const cards = main.getByRole('list', { name: 'Data sources' }).locator(':scope > li');
  await expect(cards).toHaveCount(2);
  await expect(main.getByRole('table')).toHaveCount(0);
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Newest first: Spare tiles, then Quay walls.
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(['Spare tiles', 'Quay walls']);
  const quay = cards.filter({ has: page.getByRole('heading', { name: 'Quay walls' }) });
  await expect(quay).toContainText('XYZ tiles');
  await expect(quay).toContainText('Used by 1 workspace');
  await expect(quay.getByRole('list', { name: 'Workspaces that use Quay walls' })).toHaveText('Harbour');
  const spare = cards.filter({ has: page.getByRole('heading', { name: 'Spare tiles' }) });
  await expect(spare).toContainText('Not used');

  // The row's controls, each big enough for a finger.
  const edit = quay.getByRole('link', { name: 'Edit' });
  const box = await edit.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(40);
  await quay.getByRole('checkbox', { name: 'Select Quay walls' }).check();
  await expect(main.getByText('1 selected')).toBeVisible();

  await quay.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete data source' });
  await expect(dialog).toContainText('“Quay walls” is used by layers in 1 workspace:');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Sorting, without the table's headers.
  await main.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name, A to Z' }).click();
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(['Quay walls', 'Spare tiles']);

  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/datasource/edit/${quayWalls}$`));
});
