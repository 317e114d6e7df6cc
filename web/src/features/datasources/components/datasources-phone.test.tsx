import type { Datasource } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token-storage';
import { account, ada, json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderRouterAt } from '../../../test/render-router';

const north = account(1, 'North');
const source = (id: number, name: string, extra: Partial<Datasource> = {}): Datasource => ({
  id,
  name,
  type: 3,
  account: north.id,
  date_modified: '2025-03-14T10:00:00.000Z',
  workspaces: { count: 0, names: [], ids: [] },
  ...extra,
});
const harbour = source(5, 'Harbour tiles', {
  workspaces: { count: 2, names: ['Docks', 'Old town'], ids: [12, 11] },
});
const roads = source(6, 'Roads', { type: 1, date_modified: '2024-01-02T10:00:00.000Z' });

/** A phone: the app's media query for 760 px or less matches. */
function onPhone() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: /max-width:\s*760px/.test(query),
    media: query,
  }));
}

function stubApi() {
  return stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': () => json(page([ada])),
    '/api/accounts': () => json(page([north])),
    '/api/datasourcetypes': () =>
      json(
        page([
          { id: 1, key: 'wms', name: 'WMS' },
          { id: 3, key: 'xyz', name: 'XYZ tiles' },
        ]),
      ),
    '/api/datasources': () => json(page([harbour, roads])),
  });
}

const cardOf = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('the data sources screen on a phone', () => {
  beforeEach(() => {
    setToken('token-of-ada');
    onPhone();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists a card per data source instead of the table: name, type, modified and the workspaces that use it', async () => {
    stubApi();
    renderRouterAt('/datasources');
    const list = await screen.findByRole('list', { name: 'Data sources' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Harbour tiles',
      'Roads',
    ]);

    const harbourCard = within(cardOf('Harbour tiles'));
    expect(cardOf('Harbour tiles').textContent).toContain('XYZ tiles · March 14, 2025');
    expect(harbourCard.getByText('Used by 2 workspaces')).toBeTruthy();
    const used = harbourCard.getByRole('list', { name: 'Workspaces that use Harbour tiles' });
    expect(
      within(used)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Docks', 'Old town']);
    // The row's actions, under the table's names.
    expect(harbourCard.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/datasource/edit/5');
    expect(harbourCard.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(harbourCard.getByRole('checkbox', { name: 'Select Harbour tiles' })).toBeTruthy();

    const roadsCard = within(cardOf('Roads'));
    expect(cardOf('Roads').textContent).toContain('WMS · January 2, 2024');
    expect(roadsCard.getByText('Not used')).toBeTruthy();
  });

  it('selects, sorts and asks before deleting as the table does', async () => {
    const fetchMock = stubApi();
    renderRouterAt('/datasources');
    await screen.findByRole('list', { name: 'Data sources' }, { timeout: 5000 });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all data sources on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Roads' }));
    expect(screen.getByText('1 selected')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name, Z to A' }));
    await waitFor(() =>
      expect(
        requestsOf(fetchMock)
          .filter((request) => request.path === '/api/datasources')
          .at(-1)
          ?.query.get('ordering'),
      ).toBe('-name'),
    );

    fireEvent.click(within(cardOf('Harbour tiles')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete data source' });
    expect(dialog.textContent).toContain('“Harbour tiles” is used by layers in 2 workspaces:');
  });
});
