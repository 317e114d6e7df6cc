import { apiSession, createAccount } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';

test('at 375 px Recent activity and the account’s Activity read as lists, nothing wider than the phone', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'phoneaudit');
  const session = await apiSession(request, user);
  const account = await createAccount(session, 'Polder Maps');
  const group = await request.post('/api/userGroup', {
    headers: { Authorization: `Token ${session.token}` },
    data: { name: 'Inspectors', account: account.id },
  });
  await request.post(`/api/userGroup/${((await group.json()) as { id: number }).id}/members`, {
    headers: { Authorization: `Token ${session.token}` },
    data: { email: 'inspector@polder.example.org' },
  });

  await logIn(page, user, new RegExp(`/account/${account.slug}$`));
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByRole('list', { name: 'Activity' }).getByRole('listitem')).toHaveText([
    /Group member added.*Inspectors · inspector@polder\.example\.org/,
  ]);
  await expect(activity.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto('/profile');
  const recent = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(recent.first()).toContainText('Logged in');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
