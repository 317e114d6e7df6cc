import type { Datasource } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { AddLayerDialog } from './add-layer-dialog';

const source = (id: number, name: string, type = 3): Datasource => ({
  id,
  name,
  type,
  account: 1,
  date_modified: '2025-03-14T10:00:00.000Z',
  workspaces: { count: 0, names: [] },
});

/** A workspace offering 250 sources: the picker gets the first 100 by name, or the matches of a search. */
function stubSources() {
  const all = Array.from({ length: 250 }, (_, i) =>
    source(i + 1, `Source ${String(i + 1).padStart(3, '0')}`),
  );
  all[199] = source(200, 'Harbour tiles');
  return stubFetch({
    '/api/datasources': ({ url }) => {
      const search = url.searchParams.get('search')?.toLowerCase();
      const matches = search ? all.filter((s) => s.name.toLowerCase().includes(search)) : all;
      return json({ count: matches.length, next: null, previous: null, results: matches.slice(0, 100) });
    },
  });
}

describe('the add-layer dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when a search shows only the first 100 of the sources, and finds any by name', async () => {
    const fetchMock = stubSources();
    renderWithProviders(
      <AddLayerDialog open onClose={() => {}} busy={false} workspace={9} onSubmit={() => {}} />,
    );

    expect(
      await screen.findByText('Showing the first 100 of 250 data sources: type to narrow the search.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Harbour tiles/ })).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search data sources' }), {
      target: { value: 'harbour' },
    });
    expect(await screen.findByRole('option', { name: /Harbour tiles/ })).toBeTruthy();
    expect(screen.queryByText(/Showing the first/)).toBeNull();
    // The workspace decides what is offered (the server answers what the caller may attach), not the account.
    const lists = requestsOf(fetchMock).filter((request) => request.path === '/api/datasources');
    expect(lists.map((request) => request.query.get('workspace'))).toEqual(['9', '9']);
    expect(lists.every((request) => !request.query.has('account'))).toBe(true);
  });

  it("lets an editor add a service's layer whose settings they may not read: no sub-layer offered, no error", async () => {
    const wms = source(31, 'Harbour WMS', 1);
    const fetchMock = stubFetch({
      '/api/datasources': () => json(page([wms])),
      // The source is the account admin's: inspecting it by id answers 404 to an editor.
      '/api/datasources/inspect': () => json({ detail: 'Not found.' }, 404),
    });
    const onSubmit = vi.fn();
    renderWithProviders(
      <AddLayerDialog open onClose={() => {}} busy={false} workspace={9} onSubmit={onSubmit} />,
    );

    fireEvent.click(await screen.findByRole('option', { name: /Harbour WMS/ }));
    await waitFor(() =>
      expect(requestsOf(fetchMock).some((request) => request.path === '/api/datasources/inspect')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByLabelText('Reading the service')).toBeNull());
    expect(screen.queryByRole('combobox', { name: 'Layer of the service' })).toBeNull();
    expect(screen.queryByText(/could not be read/)).toBeNull();
    // Nothing but the id goes back to the server: no read of the source's settings.
    expect(requestsOf(fetchMock).some((request) => request.path === `/api/datasources/${wms.id}`)).toBe(
      false,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add layer' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Harbour WMS', data_source: wms.id });
  });

  it("offers the admin the service's sub-layers, read with the source's settings", async () => {
    const wms = source(32, 'Port WMS', 1);
    const fetchMock = stubFetch({
      '/api/datasources': () => json(page([wms])),
      '/api/datasources/inspect': () =>
        json({ title: 'Port', extent: null, layers: [{ name: 'quays', title: 'Quays' }] }),
    });
    const onSubmit = vi.fn();
    renderWithProviders(
      <AddLayerDialog open onClose={() => {}} busy={false} workspace={9} onSubmit={onSubmit} />,
    );

    fireEvent.click(await screen.findByRole('option', { name: /Port WMS/ }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Layer of the service' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Quays' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add layer' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Quays',
      data_source: wms.id,
      template: JSON.stringify({ layers: 'quays' }),
    });
    const inspected = requestsOf(fetchMock).find((request) => request.path === '/api/datasources/inspect');
    expect(inspected?.body).toEqual({ type: 1, config: {}, datasource: wms.id });
  });

  it('is one tab stop: arrow keys, Home and End move among the sources, Enter or Space chooses', async () => {
    stubFetch({
      '/api/datasources': () =>
        json(page([source(1, 'Buoys'), source(2, 'Harbour tiles'), source(3, 'Quays'), source(4, 'Wrecks')])),
    });
    const onSubmit = vi.fn();
    renderWithProviders(
      <AddLayerDialog open onClose={() => {}} busy={false} workspace={9} onSubmit={onSubmit} />,
    );
    const list = await screen.findByRole('listbox', { name: 'Data sources' });
    const options = within(list).getAllByRole('option');
    const stops = () => options.filter((option) => option.tabIndex === 0);
    // Tab reaches the list once, at its first source.
    expect(stops()).toEqual([options[0]]);
    options[0]?.focus();

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(options[2]);
    expect(stops()).toEqual([options[2]]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(options[3]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(options[3]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(options[1]);
    // Moving does not choose: nothing is asked of the server, nothing named yet.
    expect(options.some((option) => option.getAttribute('aria-selected') === 'true')).toBe(false);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();

    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Harbour tiles');

    options[3]?.focus();
    fireEvent.keyDown(document.activeElement as Element, { key: ' ' });
    fireEvent.keyUp(document.activeElement as Element, { key: ' ' });
    expect(options[3]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Wrecks');
  });
});
