import type { ViewPadding } from '../../viewer/map-engine';

/** A box on the page, as `getBoundingClientRect` gives it (CSS pixels). */
export type Box = { left: number; top: number; right: number; bottom: number };

type Side = keyof ViewPadding;

/**
 * What panels over the map cover of it, as padding from its edges: each panel counts
 * against the one edge that leaves the map the largest free rectangle (a column along
 * the left edge pads the left, a sheet along the bottom the bottom). Panels off the map
 * (a closed sheet slid away) count for nothing.
 */
export function coveredPadding(map: Box, covers: readonly Box[]): ViewPadding {
  const padding: ViewPadding = { top: 0, right: 0, bottom: 0, left: 0 };
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  for (const cover of covers) {
    const left = Math.max(cover.left, map.left);
    const right = Math.min(cover.right, map.right);
    const top = Math.max(cover.top, map.top);
    const bottom = Math.min(cover.bottom, map.bottom);
    if (right <= left || bottom <= top) continue;
    const reach: ViewPadding = {
      left: right - map.left,
      right: map.right - left,
      top: bottom - map.top,
      bottom: map.bottom - top,
    };
    const freeArea: Record<Side, number> = {
      left: (width - reach.left) * height,
      right: (width - reach.right) * height,
      top: width * (height - reach.top),
      bottom: width * (height - reach.bottom),
    };
    const sides: Side[] = ['left', 'right', 'top', 'bottom'];
    const side = sides.reduce((best, each) => (freeArea[each] > freeArea[best] ? each : best));
    padding[side] = Math.max(padding[side], Math.round(reach[side]));
  }
  return padding;
}
