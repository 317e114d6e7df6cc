import type { Datasource } from '@geows/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { AddLayerDialog } from './add-layer-dialog';

const source = (id: number, name: string): Datasource => ({
  id,
  name,
  type: 3,
  account: 1,
  date_modified: '2025-03-14T10:00:00.000Z',
  workspaces: { count: 0, names: [] },
});

/** An account with 250 sources: the picker gets the first 100 by name, or the matches of a search. */
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
    stubSources();
    renderWithProviders(
      <AddLayerDialog open onClose={() => {}} busy={false} account={1} onSubmit={() => {}} />,
    );

    expect(
      await screen.findByText('Showing the first 100 of 250 data sources: type to narrow the search.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Harbour tiles/ })).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search data sources' }), {
      target: { value: 'harbour' },
    });
    expect(await screen.findByRole('button', { name: /Harbour tiles/ })).toBeTruthy();
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });
});
