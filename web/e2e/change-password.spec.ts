import { expect, test } from './fixtures';
import { createActiveUser, logIn, logInToProfile, logOut, snackbar } from './identity';

test('change the password on the profile', async ({ page, request }) => {
  const user = await createActiveUser(request, 'chpw');
  const newPassword = 'Purple-Giraffe-Orbit-17';
  await logInToProfile(page, user);
  const form = page.getByRole('region', { name: 'Change password' });
  const submit = form.getByRole('button', { name: 'Change password' });

  await submit.click();
  await expect(form.getByText('Password is required', { exact: true })).toHaveCount(2);
  await expect(form.getByText('Confirm password is required')).toBeVisible();

  // Wrong current password: the product's failure message, and the server's reason under the field.
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await submit.click();
  await expect(snackbar(page)).toHaveText('Something went wrong');
  await expect(form.getByText('Your current password is incorrect.')).toBeVisible();

  // A password the policy refuses.
  await form.getByLabel('Current password', { exact: true }).fill(user.password);
  await form.getByLabel('New password', { exact: true }).fill('12345678');
  await form.getByLabel('Confirm Password', { exact: true }).fill('12345678');
  await submit.click();
  await expect(snackbar(page)).toHaveText('Something went wrong');
  await expect(form.getByText(/entirely numeric/)).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await submit.click();
  await expect(snackbar(page)).toHaveText('Password changed');
  await expect(form.getByLabel('Current password', { exact: true })).toHaveValue('');

  await logOut(page);
  await logIn(page, { username: user.username, password: newPassword });
});
