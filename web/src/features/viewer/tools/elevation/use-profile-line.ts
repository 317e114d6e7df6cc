import { profileLimits } from '@geows/contract';
import { useCallback, useEffect, useState } from 'react';
import type { MapEngine } from '../../../../viewer/map-engine';
import type { LonLat } from './profile-api';

/** A line being dragged changes many times a second: it is asked for once it rests this long. */
export const lineSettleMs = 350;

/**
 * The line drawn on the map while the panel is open: a sketch of up to 50 points (the
 * API's limit), restarted by `restart` (a new line). Answers the line once it has two
 * points and rested, and how many points are placed now.
 */
export function useProfileLine(engine: MapEngine | undefined, color: string) {
  const [draft, setDraft] = useState<LonLat[]>([]);
  const [line, setLine] = useState<LonLat[]>([]);
  const [round, setRound] = useState(0);

  // A new round is a new sketch; the colour is read when it starts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round restarts the sketch
  useEffect(() => {
    if (!engine) return;
    const sketch = engine.startSketch({
      shape: 'line',
      color,
      maxPoints: profileLimits.maxLinePoints,
      onChange: (points) => setDraft(points.map((point) => [point.longitude, point.latitude])),
    });
    return () => {
      sketch.destroy();
      setDraft([]);
      setLine([]);
    };
  }, [engine, round]);

  useEffect(() => {
    if (draft.length < profileLimits.minLinePoints) {
      setLine([]);
      return;
    }
    const timer = window.setTimeout(() => setLine(draft), lineSettleMs);
    return () => window.clearTimeout(timer);
  }, [draft]);

  const restart = useCallback(() => setRound((n) => n + 1), []);
  return { line, placed: draft.length, restart };
}
