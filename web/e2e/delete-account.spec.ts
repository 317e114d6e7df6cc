import { expect, test } from './fixtures';
import { createActiveUser, logInToProfile, snackbar, submitLogin } from './identity';

test('delete the account after confirming', async ({ page, request }) => {
  const user = await createActiveUser(request, 'delete');
  await logInToProfile(page, user);
  const account = page.getByRole('region', { name: 'Account' });

  // Dismissing the browser's confirmation keeps the account.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await account.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete the account!');
    void dialog.accept();
  });
  await account.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await submitLogin(page, user.username, user.password);
  await expect(snackbar(page)).toHaveText('Unable to log in with provided credentials.');
});
