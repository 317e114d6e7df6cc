import { expect, test } from './fixtures';
import { createActiveUser, logInToProfile, logOut, openProfile, snackbar, submitLogin } from './identity';
import { codeIn, waitForMail } from './mail';

test('set up verification by e-mail, log in with a mailed code, turn it off with a fresh code', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'mail2fa');
  await logInToProfile(page, user);

  const security = page.getByRole('region', { name: 'Beveiliging' });
  await security.getByRole('button', { name: 'Activate: E-mail' }).click();
  await expect(security.getByText(`We sent a code to ${user.email}`)).toBeVisible();
  await security
    .getByLabel('Verificatie code')
    .fill(codeIn(await waitForMail(user.email, /verification code/i)));
  await security.getByRole('button', { name: 'Confirm' }).click();
  await expect(snackbar(page)).toHaveText('Verificatie geactiveerd');
  await expect(security.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await security.getByRole('button', { name: 'Done' }).click();

  await logOut(page);
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByText('Enter the code we just e-mailed you')).toBeVisible();
  await page.getByLabel('Verificatie code').fill(codeIn(await waitForMail(user.email, /verification code/i)));
  await page.getByRole('button', { name: 'Verifieer' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await openProfile(page, user.username);

  await security.getByRole('button', { name: 'Deactivate: E-mail' }).click();
  await security.getByRole('button', { name: 'Send code' }).click();
  await expect(snackbar(page)).toHaveText(`We sent a code to ${user.email}.`);
  await security
    .getByLabel('Verificatie code')
    .fill(codeIn(await waitForMail(user.email, /verification code/i)));
  await security.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(snackbar(page)).toHaveText('Verificatie gedeactiveerd');
  await expect(security.getByRole('button', { name: 'Activate: E-mail' })).toBeVisible();

  // Without a second factor the login is one step again.
  await logOut(page);
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/account\/create$/);
});
