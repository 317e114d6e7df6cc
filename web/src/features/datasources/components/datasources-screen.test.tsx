import type { Datasource } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../api/client';
import { setToken } from '../../../api/token-storage';
import { account, ada, type FakeAnswer, json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderRouterAt } from '../../../test/render-router';

const north = account(1, 'North');

const source = (id: number, name: string, extra: Partial<Datasource> = {}): Datasource => ({
  id,
  name,
  type: 3,
  account: north.id,
  date_modified: '2025-03-14T10:00:00.000Z',
  workspaces: { count: 0, names: [] },
  ...extra,
});

const harbour = source(5, 'Harbour tiles', {
  workspaces: { count: 2, names: ['Old town', 'Docks'], ids: [11, 12] },
});
const roads = source(6, 'Roads', { type: 1 });
const mystery = source(7, 'Mystery', { type: 42 });
const types = page([
  { id: 1, key: 'wms', name: 'WMS' },
  { id: 3, key: 'xyz', name: 'XYZ tiles' },
]);

/** The real API's answers for this screen; `datasources` answers the list (and the deletes, by method). */
function stubApi(datasources: FakeAnswer, overrides: Record<string, FakeAnswer> = {}) {
  return stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': () => json(page([ada])),
    '/api/accounts': () => json(page([north])),
    '/api/datasourcetypes': () => json(types),
    '/api/datasources': datasources,
    ...overrides,
  });
}

const listQueries = (fetchMock: ReturnType<typeof stubFetch>) =>
  requestsOf(fetchMock)
    .filter((request) => request.path === '/api/datasources' && request.method === 'GET')
    .map((request) => Object.fromEntries(request.query));

const table = () => screen.getByRole('table', { name: 'Data sources' });
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('the data sources screen', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
  });

  it("lists the active account's data sources: name, type, long date, use and workspaces, newest first", async () => {
    const fetchMock = stubApi(() => json({ ...page([harbour, roads, mystery]), count: 3 }));
    renderRouterAt('/datasources');

    await screen.findByRole('heading', { level: 1, name: 'Data sources' });
    await screen.findByRole('cell', { name: 'Harbour tiles' });
    expect(screen.getByRole('link', { name: 'Create data source' }).getAttribute('href')).toBe(
      '/datasource/create',
    );
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(1, 6)).toEqual(['Name', 'Type', 'Modified', 'Used', 'Workspace(s)']);

    const row = within(rowOf('Harbour tiles'));
    expect(row.getByRole('cell', { name: 'XYZ tiles' })).toBeTruthy();
    expect(row.getByRole('cell', { name: 'March 14, 2025' })).toBeTruthy();
    expect(row.getByRole('cell', { name: '2' })).toBeTruthy();
    expect(row.getByText('Old town')).toBeTruthy();
    expect(row.getByText('Docks')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/datasource/edit/5');
    expect(row.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(rowOf('Roads')).getByRole('cell', { name: 'WMS' })).toBeTruthy();
    expect(within(rowOf('Mystery')).getByRole('cell', { name: 'Unknown' })).toBeTruthy();

    expect(listQueries(fetchMock)).toEqual([
      { account: '1', ordering: '-date_modified', page: '1', page_size: '25' },
    ]);
  });

  it("says 'No data sources found' for an empty list", async () => {
    stubApi(() => json(page([])));
    renderRouterAt('/datasources');
    expect(await screen.findByText('No data sources found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete selected' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('sorts by name and by date on the server, pages by 25 and searches after typing stops', async () => {
    const fetchMock = stubApi(({ url }) => {
      const pageNumber = Number(url.searchParams.get('page'));
      return json({
        count: 60,
        next: null,
        previous: null,
        results: [source(pageNumber, `Source ${pageNumber}`)],
      });
    });
    renderRouterAt('/datasources');
    await screen.findByRole('cell', { name: 'Source 1' });

    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.ordering).toBe('name'));
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.ordering).toBe('-name'));
    fireEvent.click(screen.getByRole('button', { name: /^Modified/ }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.ordering).toBe('-date_modified'));
    fireEvent.click(screen.getByRole('button', { name: /^Modified/ }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.ordering).toBe('date_modified'));

    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByRole('cell', { name: 'Source 2' });
    expect(listQueries(fetchMock).at(-1)).toEqual({
      account: '1',
      ordering: 'date_modified',
      page: '2',
      page_size: '25',
    });
    expect(screen.getByText('26–50 of 60')).toBeTruthy();

    const calls = listQueries(fetchMock).length;
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'har' } });
    fireEvent.change(search, { target: { value: 'harbour' } });
    // Typing is debounced: one request, for what was typed last, from the first page.
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.search).toBe('harbour'));
    expect(
      listQueries(fetchMock)
        .slice(calls)
        .map((query) => query.search),
    ).toEqual(['harbour']);
    expect(listQueries(fetchMock).at(-1)?.page).toBe('1');
  });

  it('deletes the selected data sources all at once, leaving out those in use, then reloads and clears the selection', async () => {
    let rows = [harbour, roads, mystery];
    const deletes: number[] = [];
    let releaseDeletes: () => void = () => {};
    const bothArrived = new Promise<void>((resolve) => {
      releaseDeletes = resolve;
    });
    const answer: FakeAnswer = () => json(page(rows));
    const fetchMock = stubApi(answer, {
      '/api/datasources/6': async () => {
        deletes.push(6);
        if (deletes.length === 2) releaseDeletes();
        // Answers only once the other delete has been sent too: sent one after the other, this never ends.
        await bothArrived;
        // Put to use since the list was read: a failed one in the set is only logged.
        return json({ detail: 'This data source is used by layers in the workspace: Docks.' }, 400);
      },
      '/api/datasources/7': async () => {
        deletes.push(7);
        if (deletes.length === 2) releaseDeletes();
        await bothArrived;
        rows = rows.filter((row) => row.id !== 7);
        return new Response(null, { status: 204 });
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRouterAt('/datasources');
    await screen.findByRole('cell', { name: 'Harbour tiles' });

    const deleteSelected = screen.getByRole('button', { name: 'Delete selected' }) as HTMLButtonElement;
    expect(deleteSelected.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Harbour tiles' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Roads' }));
    expect(deleteSelected.disabled).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'Select all data sources on this page' }) as HTMLInputElement)
        .indeterminate,
    ).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Mystery' }));

    fireEvent.click(deleteSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Delete selected data sources' });
    // Before anything is pressed: which one is in use, where, and that it stays.
    expect(dialog.textContent).toContain(
      'One of the selected data sources is used by layers in workspaces and cannot be deleted until those layers are removed:',
    );
    const used = within(dialog).getByRole('list', { name: 'Workspaces that use Harbour tiles' });
    expect(within(used).getByRole('link', { name: 'Open Old town in the editor' }).getAttribute('href')).toBe(
      '/workspace/11',
    );
    expect(within(used).getByRole('link', { name: 'Open Docks in the editor' }).getAttribute('href')).toBe(
      '/workspace/12',
    );
    expect(dialog.textContent).toContain('Delete the 2 that are not in use?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Mystery' })).toBeNull());
    expect(deletes.sort()).toEqual([6, 7]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteSelected.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Roads' }) as HTMLInputElement).checked).toBe(false);
    expect(warn).toHaveBeenCalledWith('Some data sources could not be deleted', expect.anything());
    // No message to the user for a bulk failure.
    expect(screen.queryByRole('alert')).toBeNull();
    // The one in use was never sent: the server would refuse it.
    expect(requestsOf(fetchMock).filter((request) => request.method === 'DELETE')).toHaveLength(2);
  });

  it('offers no Delete when every selected data source is in use, and says why', async () => {
    const docks = source(8, 'Docks imagery', { workspaces: { count: 1, names: ['Docks'], ids: [12] } });
    const fetchMock = stubApi(() => json(page([harbour, docks])));
    renderRouterAt('/datasources');
    await screen.findByRole('cell', { name: 'Harbour tiles' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all data sources on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete selected data sources' });
    expect(dialog.textContent).toContain('2 of the selected data sources are used by layers in workspaces');
    expect(within(dialog).getByRole('list', { name: 'Workspaces that use Docks imagery' })).toBeTruthy();
    expect(dialog.textContent).toContain('Nothing can be deleted: every selected data source is in use.');
    expect((within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(fetchMock).filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('selects every row of the page with the header checkbox', async () => {
    stubApi(() => json(page([harbour, roads])));
    renderRouterAt('/datasources');
    await screen.findByRole('cell', { name: 'Harbour tiles' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all data sources on this page' }));
    expect((screen.getByRole('checkbox', { name: 'Select Harbour tiles' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: 'Select Roads' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('says before Delete is pressed that a data source is in use, and where, and offers no Delete', async () => {
    const fetchMock = stubApi(() => json(page([harbour])));
    renderRouterAt('/datasources');
    await screen.findByRole('cell', { name: 'Harbour tiles' });

    fireEvent.click(within(rowOf('Harbour tiles')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete data source' });
    expect(dialog.textContent).toContain('“Harbour tiles” is used by layers in 2 workspaces:');
    expect(dialog.textContent).toContain(
      'It cannot be deleted while those layers use it: open the workspaces and remove them first.',
    );
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Old town', '/workspace/11'],
      ['Docks', '/workspace/12'],
    ]);
    expect((within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    // A workspace opens in its editor, where the layers are removed.
    fireEvent.click(within(dialog).getByRole('link', { name: 'Open Docks in the editor' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Data sources' })).toBeNull());
    expect(requestsOf(fetchMock).filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it("deletes one after asking, and shows the server's reason when it was put to use meanwhile", async () => {
    const fetchMock = stubApi(() => json(page([roads])), {
      '/api/datasources/6': () =>
        json(
          {
            detail:
              'This data source is used by layers in 2 workspaces: Old town, Docks. Remove those layers first.',
          },
          400,
        ),
    });
    renderRouterAt('/datasources');
    await screen.findByRole('cell', { name: 'Roads' });

    fireEvent.click(within(rowOf('Roads')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete data source' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the data source “Roads”?');
    expect(dialog.textContent).not.toContain('used by');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(fetchMock).filter((request) => request.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(within(rowOf('Roads')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This data source is used by layers in 2 workspaces: Old town, Docks. Remove those layers first.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list was reloaded after the attempt.
    expect(listQueries(fetchMock).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failed type lookup as a message, and only logs a failed list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi(() => json({ detail: 'Server exploded.' }, 500), {
      '/api/datasourcetypes': () => json({ detail: 'Types are not available.' }, 500),
    });
    renderRouterAt('/datasources');
    expect((await screen.findByRole('alert')).textContent).toContain('Types are not available.');
    expect(await screen.findByText('No data sources found')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('The data sources could not be loaded', expect.anything());
  });
});
