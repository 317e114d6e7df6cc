import type { Page } from '@playwright/test';
import { apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { expect, test } from './fixtures';
import { createActiveUser, logIn } from './identity';
import { createLayer, createXyzSource, fixtureOrigin } from './viewer-fixtures';

/**
 * What the editor sends for one change (issue 23, section 1): adding a group is one POST;
 * adding a layer from a data source is the picker's list, the POST and the read of how to
 * draw the new layer — the tree is never read again, nothing is deleted; ticking a base
 * layer is one PATCH, the server unticking the others.
 */

/** Every API request the page sends from now on, as `METHOD /path` (query left out). */
function recordApi(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
  });
  return {
    /** The requests since the last call, once the page has been quiet a moment (a refetch follows an answer at once). */
    async take() {
      let count = -1;
      while (count !== sent.length) {
        count = sent.length;
        await page.waitForTimeout(750);
      }
      return sent.splice(0);
    },
  };
}

const rowNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Layers' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('label')?.textContent ?? ''));

test('one change in the editor is one request: adding a group or a layer, ticking a base layer', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, 'requests');
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName('Requests'));
  const workspace = await createWorkspace(session, account, uniqueName('Quiet harbour'));
  const tiles = await createXyzSource(
    session,
    account,
    'Harbour tiles',
    `${fixtureOrigin()}/xyz/{z}/{x}/{y}.png`,
  );
  const osm = await createLayer(session, workspace.id, 'OSM baseLayer', tiles.id, { visible: false });

  await logIn(page, user);
  await page.goto(`/workspace/${workspace.id}`);
  await expect.poll(() => rowNames(page)).toEqual(['Natural Earth II', 'OSM']);
  const api = recordApi(page);
  await api.take();

  await page.getByRole('button', { name: 'Add group' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Port');
  await dialog.getByRole('button', { name: 'Add group' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => rowNames(page)).toEqual(['Port', 'Natural Earth II', 'OSM']);
  expect(await api.take()).toEqual(['POST /api/layers']);

  await page.getByRole('button', { name: 'Add layer' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a layer from a data source' });
  await dialog.getByRole('option', { name: /Harbour tiles/ }).click();
  await dialog.getByRole('button', { name: 'Add layer' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => rowNames(page)).toEqual(['Harbour tiles', 'Port', 'Natural Earth II', 'OSM']);
  expect(await api.take()).toEqual(['GET /api/datasources', 'POST /api/layers', 'GET /api/layers/sources']);

  const shown = (name: string) => page.getByRole('radio', { name: `Show ${name}` });
  await expect(shown('Natural Earth II')).toBeChecked();
  // The radio is the saved tick: it turns once the server has answered.
  await shown('OSM').click();
  await expect(shown('OSM')).toBeChecked();
  await expect(shown('Natural Earth II')).not.toBeChecked();
  expect(await api.take()).toEqual([`PATCH /api/layers/${osm.id}`]);

  // The server keeps what the page shows.
  await page.reload();
  await expect(shown('OSM')).toBeChecked();
  await expect(shown('Natural Earth II')).not.toBeChecked();
});
