import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { layer, workspaceWith } from '../testing';
import { SplitSettings } from './split-settings';

const plugins = {
  splitPanel: { enabled: false, left: [2], right: [], position: 0.3 },
  bi: { url: 'https://bi.example.org/board' },
  // A key the product does not know: kept as it is.
  custom: { theme: 'harbour' },
};

const workspace = workspaceWith(plugins, { rights: 'admin' });

const tree = [layer(1, 'Aerial photos', [layer(2, '2020'), layer(3, '2024')]), layer(4, 'Quays')];

const sources = {
  '/api/layers/sources': () =>
    json({
      results: [2, 3]
        .map((id) => ({ layer: id, data_source: id, type: 3, key: 'xyz', config: {}, proxied: false }))
        .concat([{ layer: 4, data_source: 4, type: 5, key: 'geojson', config: {}, proxied: false }]),
    }),
};

const sideOf = (name: string) => screen.getByRole('group', { name: `Side of ${name}` });
const choose = (name: string, side: string) =>
  fireEvent.click(within(sideOf(name)).getByRole('button', { name: side }));
const saveButton = () => screen.getByRole('button', { name: 'Save compare settings' });

describe('the compare settings in the editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each layer’s saved side, with groups, and saves the new choices with only splitPanel replaced', async () => {
    const fetchMock = stubFetch({
      ...sources,
      '/api/workspaces/5': ({ body }) => json({ ...workspace, ...(body as object), version: 4 }),
    });
    renderWithProviders(<SplitSettings workspace={workspace} tree={tree} />);

    expect(within(sideOf('2020')).getByRole('button', { name: 'Left' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(sideOf('2024')).getByRole('button', { name: 'Both' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('switch', { name: 'Open the map with the divider' }));
    choose('Aerial photos', 'Right');
    choose('2020', 'Both');
    choose('2024', 'Left');
    fireEvent.click(saveButton());

    expect(await screen.findByText('Compare settings saved')).toBeTruthy();
    const patch = requestsOf(fetchMock).find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/api/workspaces/5');
    expect(patch?.body.version).toBe(3);
    expect(JSON.parse(patch?.body.workspacePlugins)).toEqual({
      ...plugins,
      splitPanel: { enabled: true, left: [3], right: [1], position: 0.3 },
    });
  });

  it('offers a layer of features Both only, and says why', async () => {
    stubFetch(sources);
    renderWithProviders(<SplitSettings workspace={workspace} tree={tree} />);
    expect(
      await screen.findByText('Features show on both sides: the map cannot split lines and areas.'),
    ).toBeTruthy();
    const quays = within(sideOf('Quays'));
    expect((quays.getByRole('button', { name: 'Left' }) as HTMLButtonElement).disabled).toBe(true);
    expect((quays.getByRole('button', { name: 'Right' }) as HTMLButtonElement).disabled).toBe(true);
    expect((quays.getByRole('button', { name: 'Both' }) as HTMLButtonElement).disabled).toBe(false);
    // Imagery can be split.
    expect((within(sideOf('2024')).getByRole('button', { name: 'Left' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows a conflict with Reload instead of overwriting someone else’s change', async () => {
    const fetchMock = stubFetch({
      ...sources,
      '/api/workspaces/5': ({ method }) =>
        method === 'PATCH'
          ? json({ detail: 'Someone else changed this workspace. Reload it to see their changes.' }, 409)
          : json({ ...workspace, version: 4 }),
    });
    renderWithProviders(<SplitSettings workspace={workspace} tree={tree} />);
    choose('2024', 'Right');
    fireEvent.click(saveButton());

    expect(
      await screen.findByText('Someone else changed this workspace. Reload it to see their changes.'),
    ).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Someone else changed this workspace. Reload it to see their changes.'),
      ).toBeNull(),
    );
    expect(requestsOf(fetchMock).filter((request) => request.method === 'PATCH')).toHaveLength(1);
    expect(
      requestsOf(fetchMock).some(
        (request) => request.method === 'GET' && request.path === '/api/workspaces/5',
      ),
    ).toBe(true);
  });
});
