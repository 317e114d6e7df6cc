import { expect, test } from './fixtures';

test("the login form applies the product's validation rules before calling the server", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill('someone');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();
  await expect(page.getByText('Password must be more than 4 characters')).toBeVisible();
  // The field is found by its label alone: the show-password button is not labelled 'Password'.
  await expect(page.getByLabel('Password')).toHaveCount(1);
});
