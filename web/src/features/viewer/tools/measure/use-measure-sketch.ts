import { useCallback, useEffect, useRef, useState } from 'react';
import type { GeoPoint, MapEngine, Sketch } from '../../../../viewer/map-engine';

export type MeasureMode = 'distance' | 'area';

/** Amber: stands out on aerial photos, maps and terrain alike. */
export const measureColor = '#ffb300';

/**
 * The drawing a measurement reads its points from: one while the panel is open, a new
 * one when the mode changes (keeping the points) or after Clear (without them).
 */
export function useMeasureSketch(engine: MapEngine | undefined, mode: MeasureMode) {
  const [points, setPoints] = useState<readonly GeoPoint[]>([]);
  const [finished, setFinished] = useState(false);
  const [generation, setGeneration] = useState(0);
  const sketch = useRef<Sketch | undefined>(undefined);
  // Read by the next sketch without restarting this one on every change.
  const latest = useRef<readonly GeoPoint[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is what Clear changes to start afresh.
  useEffect(() => {
    if (!engine) return;
    const started = engine.startSketch({
      shape: mode === 'area' ? 'polygon' : 'line',
      color: measureColor,
      onChange: (next) => {
        latest.current = next;
        setPoints(next);
      },
      onFinish: () => setFinished(true),
    });
    sketch.current = started;
    setFinished(false);
    if (latest.current.length > 0) started.setPoints(latest.current);
    return () => {
      started.destroy();
      if (sketch.current === started) sketch.current = undefined;
    };
  }, [engine, mode, generation]);

  const clear = useCallback(() => {
    latest.current = [];
    setPoints([]);
    setGeneration((value) => value + 1);
  }, []);
  const finish = useCallback(() => sketch.current?.finish(), []);

  return { points, finished, clear, finish };
}
