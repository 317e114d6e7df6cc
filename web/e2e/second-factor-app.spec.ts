import { expect, test } from './fixtures';
import {
  authenticator,
  createActiveUser,
  logInToProfile,
  logOut,
  openProfile,
  snackbar,
  submitLogin,
} from './identity';

test('set up an authenticator app, then log in with a TOTP code and once with a backup code', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'totp');
  await logInToProfile(page, user);

  const security = page.getByRole('region', { name: 'Beveiliging' });
  await security.getByRole('button', { name: 'Activate: Authenticator app' }).click();
  await expect(security.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = await security.getByLabel('Or enter this key by hand').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const app = authenticator(secret);

  // A wrong code first: the server's reason in an error snackbar, the step stays open.
  await security.getByLabel('Verificatie code').fill('000000');
  await security.getByRole('button', { name: 'Confirm' }).click();
  await expect(snackbar(page)).toHaveText('Invalid or expired code.');

  await security.getByLabel('Verificatie code').fill(await app.next());
  await security.getByRole('button', { name: 'Confirm' }).click();
  await expect(snackbar(page)).toHaveText('Verificatie geactiveerd');
  const codes = security.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const [backupCode = '', otherBackupCode = '', thirdBackupCode = ''] = await codes.allTextContents();
  expect(backupCode).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

  const download = page.waitForEvent('download');
  await security.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('backup-codes.txt');
  await security.getByRole('button', { name: 'Done' }).click();
  await expect(security.getByRole('list', { name: 'Backup codes' })).toHaveCount(0);
  await expect(security.getByRole('button', { name: 'Deactivate: Authenticator app' })).toBeVisible();

  // Adding a second method takes a current code first (here a backup code).
  await security.getByRole('button', { name: 'Activate: E-mail' }).click();
  await expect(security.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await security.getByLabel('Verificatie code').fill('000000');
  await security.getByRole('button', { name: 'Continue' }).click();
  await expect(snackbar(page)).toHaveText('Invalid or expired code.');
  await security.getByLabel('Verificatie code').fill(thirdBackupCode);
  await security.getByRole('button', { name: 'Continue' }).click();
  await expect(security.getByRole('heading', { name: 'Set up verification by e-mail' })).toBeVisible();
  await security.getByRole('button', { name: 'Cancel' }).click();

  // The second step now asks for a code; the next time step's, as a real app would show.
  await logOut(page);
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { name: 'Verifieer login' })).toBeVisible();
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(page.getByText('Verificatie code is verplicht')).toBeVisible();
  await page.getByLabel('Verificatie code').fill('123456');
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(snackbar(page)).toHaveText('Invalid or expired code.');
  await page.getByLabel('Verificatie code').fill(await app.next());
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);

  // Once with a backup code; it works only once.
  await logOut(page);
  await submitLogin(page, user.username, user.password);
  await page.getByLabel('Verificatie code').fill(backupCode);
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);

  await logOut(page);
  await submitLogin(page, user.username, user.password);
  await page.getByLabel('Verificatie code').fill(backupCode);
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(snackbar(page)).toHaveText('Invalid or expired code.');

  await page.getByLabel('Verificatie code').fill(otherBackupCode);
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await openProfile(page, user.username);

  // Turning it off takes a current code.
  await security.getByRole('button', { name: 'Deactivate: Authenticator app' }).click();
  await security.getByLabel('Verificatie code').fill(await app.next());
  await security.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(snackbar(page)).toHaveText('Verificatie gedeactiveerd');
  await expect(security.getByRole('button', { name: 'Activate: Authenticator app' })).toBeVisible();
});

test('the verification screen without a pending login says so and sends to the login', async ({ page }) => {
  await page.goto('/verification');
  await expect(page.getByRole('heading', { name: 'Verifieer login' })).toBeVisible();
  await page.getByLabel('Verificatie code').fill('123456');
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The verification has expired. Log in again.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
