import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import type { GeoPoint, MapEngine, Sketch, SketchOptions } from '../../../../viewer/map-engine';
import { fakeEngine as engineWith, panelProps } from '../testing';
import { MeasurePanel } from './measure-panel';
import { measureTool } from './measure-tool';

/** The map's side of a sketch as the panel sees it: what it was started with, and what it was asked. */
function fakeEngine() {
  const started: { options: SketchOptions; sketch: Sketch & { finish: ReturnType<typeof vi.fn> } }[] = [];
  const engine = engineWith({
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

  it('measures an area with the same points after switching, and its surface through their heights', () => {
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
    expect(resultOf(/Area over the surface/)).toBe(resultOf(/Area in plan/));
    expect(resultOf(/Perimeter/)).toMatch(/^\d\d\d\.\d m$/);
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
