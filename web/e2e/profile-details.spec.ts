import { expect, test } from './fixtures';
import { createActiveUser, logInToProfile, snackbar } from './identity';

test('the profile shows the account and saves the profile details', async ({ page, request }) => {
  const user = await createActiveUser(request, 'details');
  await logInToProfile(page, user);

  const account = page.getByRole('region', { name: 'Account' });
  for (const label of ['Username', 'Email', 'Joined', 'Last login']) {
    await expect(account.getByRole('rowheader', { name: label })).toBeVisible();
  }
  // Readable dates, e.g. "March 14, 2025 at 9:30 AM", not ISO strings.
  const joined = account.getByRole('row', { name: /Joined/ }).getByRole('cell');
  await expect(joined).toHaveText(new RegExp(String(new Date().getFullYear())));
  await expect(joined).not.toHaveText(/T\d\d:/);

  const details = page.getByRole('region', { name: 'Profile details' });
  const values = {
    'Company name': 'Acme Maps',
    Street: 'Keizersgracht',
    Housenumber: '123a',
    City: 'Amsterdam',
    Country: 'Netherlands',
  };
  for (const [label, value] of Object.entries(values)) await details.getByLabel(label).fill(value);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toHaveText('Profile updated');

  await page.reload();
  for (const [label, value] of Object.entries(values)) {
    await expect(page.getByRole('region', { name: 'Profile details' }).getByLabel(label)).toHaveValue(value);
  }
});
