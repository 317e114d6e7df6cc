import type { Layer, ProfileResponse } from '@geows/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import type { GeoPoint, HeightSurface, SketchOptions } from '../../../../viewer/map-engine';
import { fakeEngine as engineWith, layer, panelProps, workspaceWith } from '../testing';
import { ElevationPanel } from './elevation-panel';
import type { ProfileChartProps } from './profile-chart';

// jsdom has no canvas: the chart is a stand-in that says what it was given and can be hovered.
vi.mock('./uplot-chart', () => ({
  default: ({ lines, yLabel, onHover }: ProfileChartProps) => (
    <>
      <span>{lines.map((line) => line.label).join(' | ')}</span>
      <span>{`y axis: ${yLabel}`}</span>
      <button type="button" onClick={() => onHover(1)}>
        hover point 2
      </button>
      <button type="button" onClick={() => onHover(null)}>
        leave chart
      </button>
    </>
  ),
}));

function fakeEngine() {
  let sketch: SketchOptions | undefined;
  const destroy = vi.fn();
  const engine = engineWith({
    startSketch: vi.fn((options: SketchOptions) => {
      sketch = options;
      return { points: () => [], setPoints: vi.fn(), finish: vi.fn(), destroy };
    }),
    setMarker: vi.fn(),
    sampleHeights: vi.fn(async (points: readonly unknown[], _surface: HeightSurface) =>
      points.map((_, i) => 40 + i),
    ),
  });
  const draw = (points: [number, number][]) =>
    act(() =>
      sketch?.onChange(points.map(([longitude, latitude]): GeoPoint => ({ longitude, latitude, height: 0 }))),
    );
  return { engine, draw, destroy };
}

const stats = { min: null, max: null, mean: null, ascent: null, descent: null };
const answer: ProfileResponse = {
  length: 30,
  points: [
    { distance: 0, longitude: 5.4, latitude: 52.1 },
    { distance: 10, longitude: 5.41, latitude: 52.1 },
    { distance: 20, longitude: 5.42, latitude: 52.1 },
    { distance: 30, longitude: 5.43, latitude: 52.1 },
  ],
  profiles: [
    { title: 'AHN3', color: 'red', heights: [1, 2, 1.5, 3], stats },
    { title: 'AHN4', color: 'blue', heights: [1.1, 2.1, 0.5, 3.9], stats },
  ],
};
const twoSurveys = {
  elevation: {
    profiles: [
      { title: 'AHN3', color: 'red', datasource: null },
      { title: 'AHN4', color: 'blue', datasource: null },
    ],
  },
};

function renderPanel(
  plugins: object,
  engine: ReturnType<typeof fakeEngine>['engine'],
  token?: string,
  tree: Layer[] = [],
  visibleLayers: number[] = [],
) {
  const workspace = workspaceWith(plugins, { name: 'Dikes' });
  return renderWithProviders(
    <ElevationPanel {...panelProps({ workspace, token, engine, tree, visibleLayers })} />,
  );
}

const cell = (row: string, column: number) =>
  screen.getByRole('row', { name: new RegExp(`^${row}`) }).querySelectorAll('td')[column]?.textContent;

describe('the elevation panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the API for the line drawn, then shows each profile’s figures and marks the hovered point', async () => {
    const fetchMock = stubFetch({
      '/api/layers/sources': () => json({ results: [] }),
      '/api/workspaces/5/profile': () => json(answer),
    });
    const { engine, draw } = fakeEngine();
    renderPanel(twoSurveys, engine);
    expect(screen.getByText(/Click the map to place the first point/)).toBeTruthy();
    expect(engine.startSketch).toHaveBeenCalledWith(
      expect.objectContaining({ shape: 'line', color: 'red', maxPoints: 50 }),
    );

    draw([[5.4, 52.1]]);
    expect(screen.getByText('Click the map to place the next point.')).toBeTruthy();
    draw([
      [5.4, 52.1],
      [5.43, 52.1],
    ]);
    expect(await screen.findByText('Length of the line: 30.00 m')).toBeTruthy();
    const profileCall = requestsOf(fetchMock).find((r) => r.path === '/api/workspaces/5/profile');
    expect(profileCall?.method).toBe('POST');
    expect(profileCall?.body).toEqual({
      line: [
        [5.4, 52.1],
        [5.43, 52.1],
      ],
    });
    expect(profileCall?.query.has('token')).toBe(false);

    expect(await screen.findByText('AHN3 | AHN4')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Elevation profile along a line of 30.00 m: AHN3, above sea level (NAP), from 1.0 m to 3.0 m; AHN4, above sea level (NAP), from 0.5 m to 3.9 m.',
      }),
    ).toBeTruthy();
    // Both are the server's: one reference, named on the axis and under each title.
    expect(screen.getByText('y axis: Height above sea level (m)')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'AHN3 above sea level (NAP)' })).toBeTruthy();
    expect(cell('Lowest', 0)).toBe('1.0 m');
    expect(cell('Highest', 1)).toBe('3.9 m');
    expect(cell('Ascent', 0)).toBe('2.5 m');
    expect(cell('Descent', 1)).toBe('1.6 m');
    // AHN4 climbs 3.4 m over its last 10 m.
    expect(cell('Steepest slope', 1)).toBe('34 %');

    // The marker stands on the map's own ground (sampled there), not at the AHN height.
    await waitFor(() => expect(engine.sampleHeights).toHaveBeenCalledWith(answer.points, 'terrain'));
    fireEvent.click(screen.getByRole('button', { name: 'hover point 2' }));
    expect(engine.setMarker).toHaveBeenLastCalledWith({ longitude: 5.41, latitude: 52.1, height: 41 }, 'red');
    fireEvent.click(screen.getByRole('button', { name: 'leave chart' }));
    expect(engine.setMarker).toHaveBeenLastCalledWith(undefined);
  });

  it('shows the difference of two profiles, with changes under 0.2 m marked as noise', async () => {
    stubFetch({
      '/api/layers/sources': () => json({ results: [] }),
      '/api/workspaces/5/profile': () => json(answer),
    });
    const { engine, draw } = fakeEngine();
    renderPanel(twoSurveys, engine);
    draw([
      [5.4, 52.1],
      [5.43, 52.1],
    ]);
    fireEvent.click(await screen.findByRole('switch', { name: 'Show the difference' }));
    expect(screen.getByText('AHN4 minus AHN3')).toBeTruthy();
    expect(screen.getByText('Difference | Survey noise | Survey noise')).toBeTruthy();
    // Differences: 0.1, 0.1, −1, 0.9.
    expect(cell('Mean change', 0)).toBe('+0.03 m (within the survey’s noise)');
    expect(cell('Largest rise', 0)).toBe('+0.90 m');
    expect(cell('Largest fall', 0)).toBe('-1.00 m');
    expect(cell('Points within', 0)).toBe('2 of 4');
  });

  it('sends the share link’s token, and shows why the elevation service failed', async () => {
    const fetchMock = stubFetch({
      '/api/layers/sources': () => json({ results: [] }),
      '/api/workspaces/5/profile': () =>
        json({ detail: 'The elevation service of “AHN3” did not answer.' }, 502),
    });
    const { engine, draw, destroy } = fakeEngine();
    const { unmount } = renderPanel(twoSurveys, engine, 'share-token');
    draw([
      [5.4, 52.1],
      [5.43, 52.1],
    ]);
    expect(await screen.findByText('The elevation service of “AHN3” did not answer.')).toBeTruthy();
    const call = requestsOf(fetchMock).find((r) => r.path === '/api/workspaces/5/profile');
    expect(call?.query.get('token')).toBe('share-token');

    unmount();
    expect(destroy).toHaveBeenCalled();
    expect(engine.setMarker).toHaveBeenLastCalledWith(undefined);
  });

  it('samples a cesium-terrain profile on the map, and asks to tick its layer when hidden', async () => {
    stubFetch({
      '/api/layers/sources': () =>
        json({
          results: [
            { layer: 9, data_source: 40, type: 8, key: 'cesium-terrain', config: {}, proxied: false },
          ],
        }),
      '/api/workspaces/5/profile': () => json({ ...answer, profiles: [] }),
    });
    const { engine } = fakeEngine();
    const relief: Layer = { ...layer(9, 'Relief model'), visible: false, data_source: 40 };
    renderPanel(
      { elevation: { profiles: [{ title: 'Relief', color: 'green', datasource: 40 }] } },
      engine,
      undefined,
      [relief],
    );
    expect(
      await screen.findByText(
        'Tick the layer “Relief model” to see the profile “Relief”: it is measured on the terrain the map shows.',
      ),
    ).toBeTruthy();
  });

  it('draws a cesium-terrain profile from the map’s terrain while its layer is ticked', async () => {
    const fetchMock = stubFetch({
      '/api/layers/sources': () =>
        json({
          results: [
            { layer: 9, data_source: 40, type: 8, key: 'cesium-terrain', config: {}, proxied: false },
          ],
        }),
      // The server leaves cesium-terrain profiles to the viewer.
      '/api/workspaces/5/profile': () => json({ ...answer, profiles: [] }),
    });
    const { engine, draw } = fakeEngine();
    renderPanel(
      { elevation: { profiles: [{ title: 'Relief', color: 'green', datasource: 40 }] } },
      engine,
      undefined,
      [],
      [9],
    );
    await waitFor(() =>
      expect(requestsOf(fetchMock).some((r) => r.path === '/api/layers/sources')).toBe(true),
    );
    draw([
      [5.4, 52.1],
      [5.43, 52.1],
    ]);
    expect(
      await screen.findByRole('columnheader', { name: 'Relief above the ellipsoid (WGS84)' }),
    ).toBeTruthy();
    expect(engine.sampleHeights).toHaveBeenCalledWith(answer.points, { layer: '9' });
    expect(engine.sampleHeights).not.toHaveBeenCalledWith(answer.points, 'surface');
    expect(cell('Lowest', 0)).toBe('40.0 m');
    expect(cell('Highest', 0)).toBe('43.0 m');
    expect(screen.queryByText(/Tick the layer/)).toBeNull();
  });

  it('compares two terrains, each read from its own layer', async () => {
    stubFetch({
      '/api/layers/sources': () =>
        json({
          results: [
            { layer: 7, data_source: 70, type: 8, key: 'cesium-terrain', config: {}, proxied: false },
            { layer: 8, data_source: 80, type: 8, key: 'cesium-terrain', config: {}, proxied: false },
          ],
        }),
      '/api/workspaces/5/profile': () => json({ ...answer, profiles: [] }),
    });
    const { engine, draw } = fakeEngine();
    // The newer terrain stands 2 m higher everywhere.
    engine.sampleHeights.mockImplementation(async (points, surface) =>
      points.map((_, i) => 40 + i + (typeof surface === 'object' && surface.layer === '8' ? 2 : 0)),
    );
    renderPanel(
      {
        elevation: {
          profiles: [
            { title: 'Terrain 2019', color: 'grey', datasource: 70 },
            { title: 'Terrain 2024', color: 'black', datasource: 80 },
          ],
        },
      },
      engine,
      undefined,
      [],
      [7, 8],
    );
    draw([
      [5.4, 52.1],
      [5.43, 52.1],
    ]);
    expect(await screen.findByText('y axis: Height above the ellipsoid (m)')).toBeTruthy();
    expect(cell('Lowest', 0)).toBe('40.0 m');
    expect(cell('Lowest', 1)).toBe('42.0 m');
    fireEvent.click(screen.getByRole('switch', { name: 'Show the difference' }));
    expect(screen.getByText('Terrain 2024 minus Terrain 2019')).toBeTruthy();
    expect(cell('Mean change', 0)).toBe('+2.00 m');
  });

  it('does not subtract the map’s heights above the ellipsoid from the survey’s above sea level', async () => {
    stubFetch({
      '/api/layers/sources': () =>
        json({
          results: [
            { layer: 9, data_source: 40, type: 8, key: 'cesium-terrain', config: {}, proxied: false },
          ],
        }),
      '/api/workspaces/5/profile': () => json({ ...answer, profiles: [answer.profiles[0]] }),
    });
    const { engine, draw } = fakeEngine();
    renderPanel(
      {
        elevation: {
          profiles: [
            { title: 'AHN3', color: 'red', datasource: null },
            { title: 'Relief', color: 'green', datasource: 40 },
          ],
        },
      },
      engine,
      undefined,
      [],
      [9],
    );
    draw([
      [5.4, 52.1],
      [5.43, 52.1],
    ]);
    expect(
      await screen.findByRole('columnheader', { name: 'Relief above the ellipsoid (WGS84)' }),
    ).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'AHN3 above sea level (NAP)' })).toBeTruthy();
    expect(screen.getByText('y axis: Height (m)')).toBeTruthy();
    expect(screen.getByText(/about 40 m higher in the Netherlands/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Show the difference' })).toBeNull();
    expect(screen.getByText(/No difference is offered/)).toBeTruthy();
  });
});
