import { useCallback, useEffect, useState } from 'react';
import { json, storedValue } from '../../../lib/stored-value';

/**
 * How large a tool's panel is: its width beside the map (`x`), its height as a bottom
 * sheet on a phone (`y`), in CSS pixels, kept per tool and axis in localStorage. The map
 * always keeps a strip of itself beside or above the panel.
 */
export type Axis = 'x' | 'y';

const minimum = { x: 280, y: 160 } as const;
/** What stays of the map beside (x) or above (y) the panel. */
const mapKept = { x: 240, y: 120 } as const;

export type SizeLimits = { min: number; max: number };

export function sizeLimits(axis: Axis, viewport: { width: number; height: number }): SizeLimits {
  const room = (axis === 'x' ? viewport.width : viewport.height) - mapKept[axis];
  return { min: minimum[axis], max: Math.max(minimum[axis], room) };
}

export const defaultSize = (axis: Axis, viewport: { width: number; height: number }) =>
  axis === 'x' ? 480 : Math.round(viewport.height * 0.55);

export const clampSize = (size: number, { min, max }: SizeLimits) =>
  Math.round(Math.min(max, Math.max(min, size)));

const storedSize = (toolId: string, axis: Axis) =>
  storedValue(
    `toolPanel.${toolId}.${axis}`,
    json((value) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null)),
  );

const viewportNow = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The panel's size and its limits for this window: `set(size)` while dragging,
 * `set(size, true)` when the change is done (stored for the next visit).
 */
export function usePanelSize(toolId: string, axis: Axis) {
  const [viewport, setViewport] = useState(viewportNow);
  useEffect(() => {
    const onResize = () => setViewport(viewportNow());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const [wanted, setWanted] = useState(
    () => storedSize(toolId, axis).get() ?? defaultSize(axis, viewportNow()),
  );
  useEffect(() => {
    setWanted(storedSize(toolId, axis).get() ?? defaultSize(axis, viewportNow()));
  }, [toolId, axis]);
  const limits = sizeLimits(axis, viewport);
  const set = useCallback(
    (size: number, store = false) => {
      const next = clampSize(size, sizeLimits(axis, viewportNow()));
      setWanted(next);
      if (store) storedSize(toolId, axis).set(next);
    },
    [toolId, axis],
  );
  // A narrower window shrinks the panel without forgetting the size asked for.
  return { size: clampSize(wanted, limits), limits, set };
}
