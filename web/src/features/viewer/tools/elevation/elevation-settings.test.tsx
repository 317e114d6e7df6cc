import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { workspaceWith } from '../testing';
import { ElevationSettings } from './elevation-settings';

const plugins = {
  elevation: {
    profiles: [
      { title: 'AHN3/AHN4', color: 'red', datasource: null },
      { title: 'Dunes 2024', color: '#1e88e5', datasource: 31 },
    ],
  },
  views: [],
  // A key the product does not know: kept as it is.
  custom: { theme: 'harbour' },
};

const workspace = workspaceWith(plugins, { name: 'Dikes', rights: 'admin' });

const usage = { count: 0, names: [] };
const sources = page([
  { id: 31, name: 'Dunes survey', type: 9, account: 1, date_modified: '2026-01-01', workspaces: usage },
  { id: 32, name: 'Relief', type: 8, account: 1, date_modified: '2026-01-01', workspaces: usage },
  // Not an elevation source: not offered.
  { id: 33, name: 'Streets', type: 1, account: 1, date_modified: '2026-01-01', workspaces: usage },
]);

const profile = (number: number) => screen.getByRole('group', { name: `Profile ${number}` });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save profiles' }));
const savedPlugins = (fetchMock: ReturnType<typeof stubFetch>) => {
  const patch = requestsOf(fetchMock).find((r) => r.method === 'PATCH');
  return patch && { version: patch.body.version, plugins: JSON.parse(patch.body.workspacePlugins) };
};

describe('the elevation profiles in the editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds, reorders and removes profiles, offering only elevation sources, and saves only `elevation`', async () => {
    const fetchMock = stubFetch({
      '/api/datasources': () => json(sources),
      '/api/workspaces/5': ({ body }) => json({ ...workspace, ...(body as object), version: 4 }),
    });
    renderWithProviders(<ElevationSettings workspace={workspace} tree={[]} />);
    expect((within(profile(1)).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'AHN3/AHN4',
    );
    await waitFor(() =>
      expect(within(profile(2)).getByRole('combobox', { name: 'Heights from' }).textContent).toBe(
        'Dunes survey (WCS (elevation))',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add profile' }));
    const third = profile(3);
    fireEvent.change(within(third).getByRole('textbox', { name: 'Title' }), { target: { value: 'Relief' } });
    fireEvent.change(within(third).getByRole('textbox', { name: 'Colour' }), { target: { value: 'green' } });
    fireEvent.mouseDown(within(third).getByRole('combobox', { name: 'Heights from' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Built-in ground model (AHN)',
      'Dunes survey (WCS (elevation))',
      'Relief (Cesium terrain)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Relief (Cesium terrain)' }));

    fireEvent.click(screen.getByRole('button', { name: 'Move profile 3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove profile 1' }));
    save();

    await waitFor(() => expect(savedPlugins(fetchMock)).toBeDefined());
    expect(savedPlugins(fetchMock)).toEqual({
      version: 3,
      plugins: {
        ...plugins,
        elevation: {
          profiles: [
            { title: 'Relief', color: 'green', datasource: 32 },
            { title: 'Dunes 2024', color: '#1e88e5', datasource: 31 },
          ],
        },
      },
    });
    expect(await screen.findByText('Profiles saved')).toBeTruthy();
  });

  it('refuses an empty title and a colour that is none, without asking the server', async () => {
    const fetchMock = stubFetch({ '/api/datasources': () => json(sources) });
    renderWithProviders(<ElevationSettings workspace={workspace} tree={[]} />);
    fireEvent.change(within(profile(1)).getByRole('textbox', { name: 'Title' }), { target: { value: '  ' } });
    fireEvent.change(within(profile(2)).getByRole('textbox', { name: 'Colour' }), {
      target: { value: 'reddish' },
    });
    save();
    expect(await screen.findByText('The title must not be empty.')).toBeTruthy();
    expect(screen.getByText(/^The colour must be a CSS colour/)).toBeTruthy();
    expect(requestsOf(fetchMock).some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('offers Reload after someone else saved meanwhile, and shows what the server refuses', async () => {
    const conflict = 'This workspace was changed by someone else. Reload to see the changes.';
    let answer = json({ detail: conflict }, 409);
    stubFetch({
      '/api/datasources': () => json(sources),
      '/api/workspaces/5': ({ method }) => (method === 'PATCH' ? answer : json({ ...workspace, version: 9 })),
    });
    renderWithProviders(<ElevationSettings workspace={workspace} tree={[]} />);
    save();
    expect(await screen.findByText(conflict)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save profiles' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(conflict)).toBeNull());

    const refusal =
      'elevation.profiles[1].datasource must be an elevation data source of the workspace’s account.';
    answer = json({ workspacePlugins: [refusal] }, 400);
    save();
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('keeps a source the list does not hold (an editor sees only the workspace’s)', async () => {
    stubFetch({ '/api/datasources': () => json(page([])) });
    renderWithProviders(<ElevationSettings workspace={workspace} tree={[]} />);
    expect(within(profile(2)).getByRole('combobox', { name: 'Heights from' }).textContent).toBe(
      'Data source 31',
    );
  });
});
