import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MapEngine, MapEngineOptions, ViewPadding } from '../../../viewer/map-engine';
import { useMapEngine } from './use-map-engine';

const { createMapEngine } = vi.hoisted(() => ({
  // The map's code never arrives here: what counts is what the screen handed over.
  createMapEngine: vi.fn<(container: HTMLElement, options: MapEngineOptions) => Promise<MapEngine>>(
    () => new Promise(() => {}),
  ),
}));
vi.mock('../../../viewer/map-engine', () => ({ createMapEngine }));

const camera = { longitude: 5.3, latitude: 52.1, height: 350_000, heading: 0, pitch: -90, roll: 0 };

function MapScreen({ paddingNow }: { paddingNow: (map: HTMLElement) => ViewPadding }) {
  const { containerRef } = useMapEngine(camera, [], paddingNow);
  return <div ref={containerRef} data-testid="map" />;
}

describe('the map as the screen makes it', () => {
  it('asks the screen what its panels cover when the map is made, not when it renders', () => {
    let panel = { top: 0, right: 0, bottom: 0, left: 100 };
    const paddingNow = vi.fn((_map: HTMLElement) => panel);
    const { getByTestId } = render(<MapScreen paddingNow={paddingNow} />);
    expect(createMapEngine).toHaveBeenCalledTimes(1);
    const [container, options] = createMapEngine.mock.calls[0] ?? [];
    expect(container).toBe(getByTestId('map'));
    expect(paddingNow).not.toHaveBeenCalled();
    // The panel has its final width by the time the map's code has loaded and the map is made.
    panel = { ...panel, left: 408 };
    expect(options?.padding?.()).toEqual({ top: 0, right: 0, bottom: 0, left: 408 });
    expect(paddingNow).toHaveBeenCalledWith(container);
  });
});
