import { apiSession, createAccount, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn, snackbar } from './identity';

/** The fixture services of e2e/fake-arcgis-portal.ts, which the app server may reach. */
const services = `http://127.0.0.1:${process.env.E2E_PORTAL_PORT}`;

test('a WMS through the form: test the connection, pick layers, save, see it in the table', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'wms');
  const account = await createAccount(await apiSession(request, user), uniqueName('WMS'));
  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.goto('/datasource/create');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: /^Name/ }).fill('Environment');
  await main.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'WMS', exact: true }).click();
  await main.getByRole('textbox', { name: /^URL/ }).fill(`${services}/geoserver/wms`);

  await main.getByRole('button', { name: 'Test connection' }).click();
  await expect(main.getByText('Northshore Environmental Data')).toBeVisible();
  await main.getByRole('checkbox', { name: 'Land cover 2022 (landcover)' }).check();
  await main.getByRole('checkbox', { name: 'Road noise (Lden) (noise_day)' }).check();
  await expect(main.getByRole('textbox', { name: /^Layers/ })).toHaveValue('landcover,noise_day');
  await main.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/datasources$/);
  await expect(snackbar(page)).toHaveText('Data source saved');
  const row = main.getByRole('table', { name: 'Data sources' }).locator('tbody tr').first();
  await expect(row).toContainText('Environment');
  await expect(row).toContainText('WMS');
});

test('Sign in with ArcGIS in a pop-up, then reach the secured service through the server', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'arcgis');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Esri'));
  const created = await session.request.post('/api/datasources', {
    headers: { Authorization: `Token ${session.token}` },
    data: {
      name: 'City parks',
      type: 6,
      account: account.id,
      config: {
        url: `${services}/arcgis/rest/services/Parks/MapServer`,
        portal: `${services}/portal`,
        clientId: 'e2e-app',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  await page.goto(`/datasource/edit/${id}`);
  const main = page.getByRole('main');
  const signIn = main.getByRole('region', { name: 'Sign in with ArcGIS' });
  await expect(signIn.getByRole('status')).toHaveText('Not signed in.');

  // Secured: without a sign-in the service refuses, and the form says so.
  await main.getByRole('button', { name: 'Test connection' }).click();
  await expect(main.getByText(/Token Required/)).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await signIn.getByRole('button', { name: 'Sign in with ArcGIS' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveTitle('ArcGIS Sign In');
  await popup.getByRole('button', { name: 'Sign In' }).click();
  await popup.waitForEvent('close');

  await expect(snackbar(page)).toHaveText('Signed in with ArcGIS as esri_e2e');
  await expect(signIn.getByRole('status')).toContainText('Signed in as esri_e2e');
  await main.getByRole('button', { name: 'Test connection' }).click();
  await expect(main.getByText('City parks', { exact: true }).last()).toBeVisible();
  await main.getByRole('checkbox', { name: 'Playgrounds (1)' }).check();
  await expect(main.getByRole('textbox', { name: /^Layers/ })).toHaveValue('1');
});

test('the OAuth callback without an opener says it is processing and closes', async ({ page }) => {
  await page.goto('/esri-oauth-callback?code=x&state=y');
  await expect(page.getByText('Processing authentication...')).toBeVisible();
});
