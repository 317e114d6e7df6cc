import type { Layer } from '@geows/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { LayerEditor } from '../components/editor/layer-editor';
import { layerSourcesQueryOptions } from './get-layer-sources';
import { layersQueryOptions } from './get-layers';
import { withLayerAdded, withLayerChanged } from './layer-tree-cache';

const layer = (id: number, name: string, overrides: Partial<Layer> = {}): Layer => ({
  id,
  name,
  visible: true,
  data_source: id * 10,
  template: '{}',
  user_groups: [],
  layers: [],
  ...overrides,
});

const saved: Layer[] = [
  layer(1, 'Plans', { data_source: null, layers: [layer(2, 'Quays'), layer(3, 'Aerial baseLayer')] }),
  layer(4, 'OSM baseLayer', { visible: false }),
  layer(5, 'Natural Earth baseLayer', { data_source: null, template: '{"builtin":"natural-earth-ii"}' }),
];

/** The editor as the map screen mounts it: the tree and the sources read through the cache, as the map reads them. */
function Editor() {
  const tree = useQuery(layersQueryOptions(9, undefined)).data ?? [];
  useQuery(layerSourcesQueryOptions(9, undefined));
  return (
    <LayerEditor
      workspace={{ id: 9, account: 1 }}
      tree={tree}
      statuses={{}}
      groups={[]}
      onZoomTo={() => {}}
    />
  );
}

/** The server's answers; what each write answers is the layer as the real API presents it. */
function stubLayers(answers: { created?: Layer; changed?: Layer } = {}) {
  return stubFetch({
    '/api/layers': ({ method }) => (method === 'POST' ? json(answers.created, 201) : json(page(saved))),
    '/api/layers/sources': () => json({ results: [] }),
    [`/api/layers/${answers.changed?.id}`]: () => json(answers.changed),
    '/api/datasources': () => json(page([])),
  });
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Layers' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);
const writesAndReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  requestsOf(fetchMock)
    .map((request) => `${request.method} ${request.path}`)
    .filter((request) => request !== 'GET /api/datasources');

describe("the editor's writes", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a group with one POST and shows it from the answer, reading nothing again', async () => {
    const fetchMock = stubLayers({ created: layer(6, 'Harbour', { data_source: null }) });
    renderWithProviders(<Editor />);
    await screen.findByText('Plans');
    await waitFor(() =>
      expect(writesAndReads(fetchMock)).toEqual(['GET /api/layers', 'GET /api/layers/sources']),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add group' }));

    expect(await screen.findByText('Harbour')).toBeTruthy();
    expect(rowNames()[0]).toContain('Harbour');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesAndReads(fetchMock)).toEqual([
      'GET /api/layers',
      'GET /api/layers/sources',
      'POST /api/layers',
    ]);
  });

  it('ticks a base layer with one PATCH: the others untick from its answer', async () => {
    const fetchMock = stubLayers({ changed: layer(4, 'OSM baseLayer') });
    renderWithProviders(<Editor />);
    const osm = await screen.findByRole('radio', { name: 'Show OSM' });
    expect((screen.getByRole('radio', { name: 'Show Aerial' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(osm);

    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Show OSM' }) as HTMLInputElement).checked).toBe(true),
    );
    expect((screen.getByRole('radio', { name: 'Show Aerial' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'Show Natural Earth' }) as HTMLInputElement).checked).toBe(
      false,
    );
    // A group's tick is its own: untouched.
    expect((screen.getByRole('checkbox', { name: 'Show Plans' }) as HTMLInputElement).checked).toBe(true);
    expect(writesAndReads(fetchMock)).toEqual([
      'GET /api/layers',
      'GET /api/layers/sources',
      'PATCH /api/layers/4',
    ]);
    expect(requestsOf(fetchMock).at(-1)?.body).toEqual({ visible: true });
  });
});

describe('the cached tree after a write', () => {
  it('takes a new layer where the server put it: in its group, at its position, or last', () => {
    const added = layer(9, 'New');
    const inGroup = withLayerAdded(saved, added, 1, 1);
    expect(inGroup[0]?.layers.map((each) => each.id)).toEqual([2, 9, 3]);
    expect(withLayerAdded(saved, added, null, undefined).map((each) => each.id)).toEqual([1, 4, 5, 9]);
    expect(withLayerAdded(saved, added, null, 99).map((each) => each.id)).toEqual([1, 4, 5, 9]);
    expect(withLayerAdded(saved, added, null, 0).map((each) => each.id)).toEqual([9, 1, 4, 5]);
  });

  it("takes a changed layer's answer whole, and unticks the other base layers only for a ticked one", () => {
    const renamed = withLayerChanged(saved, layer(2, 'Berths'));
    expect(renamed[0]?.layers[0]?.name).toBe('Berths');
    expect(renamed[2]?.visible).toBe(true);
    const unticked = withLayerChanged(saved, layer(4, 'OSM baseLayer', { visible: false }));
    expect(unticked[0]?.layers[1]?.visible).toBe(true);
  });
});
