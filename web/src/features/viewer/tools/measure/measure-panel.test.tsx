import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import type {
  GeoPoint,
  HeightSurface,
  MapEngine,
  Sketch,
  SketchOptions,
} from '../../../../viewer/map-engine';
import { fakeEngine as engineWith, panelProps } from '../testing';
import { groundDistance } from './geodesy';
import { MeasurePanel } from './measure-panel';
import { measureTool } from './measure-tool';

type LonLat = { longitude: number; latitude: number };

/**
 * The map's side of a sketch as the panel sees it: what it was started with, and what it
 * was asked; heights of the surface from `heightAt` (level ground unless told).
 */
function fakeEngine(heightAt: (point: LonLat) => number | null = () => 0) {
  const started: { options: SketchOptions; sketch: Sketch & { finish: ReturnType<typeof vi.fn> } }[] = [];
  const engine = engineWith({
    sampleHeights: vi.fn(async (points: readonly LonLat[], _surface: HeightSurface) => points.map(heightAt)),
    startSketch(options: SketchOptions) {
      let points: GeoPoint[] = [];
      const sketch = {
        points: () => points,
        setPoints: vi.fn((next: readonly GeoPoint[]) => {
          points = [...next];
          options.onChange(points);
        }),
        finish: vi.fn(() => options.onFinish?.(points)),
        destroy: vi.fn(),
      };
      started.push({ options, sketch });
      return sketch;
    },
  });
  const last = () => {
    const entry = started[started.length - 1];
    if (!entry) throw new Error('No sketch was started.');
    return entry;
  };
  return { engine, started, last };
}

const props = (engine: MapEngine | undefined, onClose = () => undefined) => panelProps({ engine, onClose });

const at = (longitude: number, latitude: number, height: number): GeoPoint => ({
  longitude,
  latitude,
  height,
});
const resultOf = (label: string | RegExp) =>
  within(screen.getByRole('row', { name: label })).getByRole('cell').textContent;
/** Square metres as the panel writes them in English ("7,636.2 m²"). */
const squareMetres = (text: string | null) => Number.parseFloat((text ?? '').replace(/,/g, ''));
/** The sampling waits for the points to settle (400 ms), then for the map. */
const settled = { timeout: 3000 };

/** A field of about 69 m by 111 m near Utrecht, level at 0 m. */
const field = [at(5, 52, 0), at(5.001, 52, 0), at(5.001, 52.001, 0), at(5, 52.001, 0)];
const middle = at(5.0005, 52.0005, 0);
/** Metres east and north of the field's middle. */
const offset = ({ longitude, latitude }: LonLat) => [
  groundDistance(middle, at(longitude, middle.latitude, 0)) * Math.sign(longitude - middle.longitude),
  groundDistance(middle, at(middle.longitude, latitude, 0)) * Math.sign(latitude - middle.latitude),
];

describe('MeasurePanel', () => {
  it('is offered on every workspace', () => {
    expect(measureTool.available(props(undefined))).toBe(true);
  });

  it('draws a line and shows its distances and heights as points come', () => {
    const map = fakeEngine();
    renderWithProviders(<MeasurePanel {...props(map.engine)} />);
    expect(map.last().options.shape).toBe('line');
    expect(screen.getByText('Place at least two points to measure a distance.')).toBeTruthy();
    expect(screen.getByText(/Right-click it, or press and hold it, to remove it/)).toBeTruthy();

    // Along the equator, 0.01° apart: 1,113.19 m; 30 m up then 10 m down.
    act(() => map.last().options.onChange([at(0, 0, 0), at(0.01, 0, 30), at(0.02, 0, 20)]));
    expect(screen.getByText('3 points')).toBeTruthy();
    expect(resultOf(/Along the ground/)).toBe('2.226 km');
    expect(resultOf(/Height difference/)).toBe('+20.0 m');
    expect(resultOf(/Total ascent/)).toBe('30.0 m');
    expect(resultOf(/Total descent/)).toBe('10.0 m');
    expect(Number.parseFloat(resultOf(/In a straight line/) ?? '')).toBeGreaterThanOrEqual(2.226);
  });

  it('measures an area with the same points after switching: in plan at once, over the surface once sampled', async () => {
    const map = fakeEngine();
    renderWithProviders(<MeasurePanel {...props(map.engine)} />);
    act(() => map.last().options.onChange([at(5, 52, 0), at(5.001, 52, 0), at(5.001, 52.001, 0)]));
    const first = map.last().sketch;
    fireEvent.click(screen.getByRole('button', { name: 'Area' }));
    expect(first.destroy).toHaveBeenCalled();
    expect(map.last().options.shape).toBe('polygon');
    expect(map.last().sketch.setPoints).toHaveBeenCalledWith([
      at(5, 52, 0),
      at(5.001, 52, 0),
      at(5.001, 52.001, 0),
    ]);
    // Half of a cell of about 68.6 m by 111.3 m.
    expect(resultOf(/Area in plan/)).toMatch(/^3,8\d\d\.\d m²$/);
    expect(resultOf(/Perimeter/)).toMatch(/^\d\d\d\.\d m$/);
    expect(resultOf(/Area over the surface/)).toBe('Calculating…');

    // Level ground: the same as in plan, from heights of the surface inside the area.
    await waitFor(() => expect(resultOf(/Area over the surface/)).toBe(resultOf(/Area in plan/)), settled);
    expect(screen.getByText(/Over the heights the map shows, sampled every \d\.\d\d m\./)).toBeTruthy();
    expect(map.engine.sampleHeights).toHaveBeenCalledTimes(1);
    const [samples, surface] = map.engine.sampleHeights.mock.calls[0] ?? [];
    expect(surface).toBe('surface');
    expect(samples?.length).toBeGreaterThan(1000);
    expect(samples?.length).toBeLessThanOrEqual(2500);
  });

  it('counts a bump between the points that the points themselves do not see', async () => {
    // A pyramid 40 m square and 20 m high in the middle of a level field: its faces add
    // 40² · (√2 − 1) = 662.7 m² to the field's area.
    const map = fakeEngine((point) => {
      const [east = 0, north = 0] = offset(point);
      return Math.max(0, 20 - Math.max(Math.abs(east), Math.abs(north)));
    });
    renderWithProviders(<MeasurePanel {...props(map.engine)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Area' }));
    act(() => map.last().options.onChange(field));
    await waitFor(() => expect(resultOf(/Area over the surface/)).not.toBe('Calculating…'), settled);
    const plan = squareMetres(resultOf(/Area in plan/));
    const surface = squareMetres(resultOf(/Area over the surface/));
    // Less by a few %: the grid's cells cut across two of the pyramid's edges.
    const excess = (surface - plan) / (1600 * (Math.SQRT2 - 1));
    expect(excess).toBeGreaterThan(0.9);
    expect(excess).toBeLessThan(1.01);
    expect(screen.queryByText(/Nothing is drawn/)).toBeNull();

    // A point moved: measured again, from the new points only.
    act(() => map.last().options.onChange(field.slice(0, 3)));
    expect(resultOf(/Area over the surface/)).toBe('Calculating…');
    await waitFor(() => expect(resultOf(/Area over the surface/)).not.toBe('Calculating…'), settled);
    expect(map.engine.sampleHeights).toHaveBeenCalledTimes(2);
  });

  it('takes the plane through the points where nothing is drawn, and says so', async () => {
    const map = fakeEngine(() => null);
    renderWithProviders(<MeasurePanel {...props(map.engine)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Area' }));
    act(() => map.last().options.onChange(field));
    expect(
      await screen.findByText(
        'Nothing is drawn under 100% of the area: there the plane through the points is taken.',
        {},
        settled,
      ),
    ).toBeTruthy();
    expect(resultOf(/Area over the surface/)).toBe(resultOf(/Area in plan/));
  });

  it('says when the map could not give its heights', async () => {
    const map = fakeEngine();
    map.engine.sampleHeights.mockRejectedValue(new Error('No WebGL'));
    renderWithProviders(<MeasurePanel {...props(map.engine)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Area' }));
    act(() => map.last().options.onChange(field));
    expect(await screen.findByText('The map’s heights could not be read.', {}, settled)).toBeTruthy();
    expect(resultOf(/Area over the surface/)).toBe('–');
    expect(resultOf(/Area in plan/)).toMatch(/ m²$/);
  });

  it('finishes and clears the drawing from its buttons, and removes it when closed', () => {
    const map = fakeEngine();
    const view = renderWithProviders(<MeasurePanel {...props(map.engine)} />);
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    act(() => map.last().options.onChange([at(0, 0, 0), at(0.01, 0, 0)]));
    fireEvent.click(finish);
    expect(map.last().sketch.finish).toHaveBeenCalled();
    expect(screen.getByText(/Measurement finished/)).toBeTruthy();
    expect((finish as HTMLButtonElement).disabled).toBe(true);

    const before = map.last().sketch;
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(before.destroy).toHaveBeenCalled();
    expect(map.started).toHaveLength(2);
    expect(map.last().sketch.setPoints).not.toHaveBeenCalled();
    expect(screen.getByText('0 points')).toBeTruthy();
    expect(screen.getByText(/Click or tap the map to place points/)).toBeTruthy();

    view.unmount();
    expect(map.last().sketch.destroy).toHaveBeenCalled();
  });

  it('says the map is loading until there is one, and closes', () => {
    const onClose = vi.fn();
    renderWithProviders(<MeasurePanel {...props(undefined, onClose)} />);
    expect(screen.getByText('The map is still loading.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close measuring' }));
    expect(onClose).toHaveBeenCalled();
  });
});
