import { describe, expect, it } from 'vitest';
import {
  fitDistance,
  focalLength,
  freeCentreOffset,
  freeSize,
  noPadding,
  sidewaysShift,
  usablePadding,
} from './view-padding';

const map = { width: 1280, height: 720 };
const panel = { top: 0, right: 0, bottom: 0, left: 408 };

describe('usablePadding', () => {
  it('keeps a side panel', () => {
    expect(usablePadding(map, panel)).toEqual(panel);
  });

  it('drops negative and unreadable sides', () => {
    expect(usablePadding(map, { top: -5, right: Number.NaN, bottom: 40, left: 10 })).toEqual({
      top: 0,
      right: 0,
      bottom: 40,
      left: 10,
    });
  });

  it('pads no axis the panels leave almost no room on', () => {
    expect(usablePadding(map, { top: 20, right: 600, bottom: 0, left: 600 })).toEqual({
      top: 20,
      right: 0,
      bottom: 0,
      left: 0,
    });
  });
});

describe('the free part', () => {
  it('is what the panels leave, its middle moved away from them', () => {
    expect(freeSize(map, panel)).toEqual({ width: 872, height: 720 });
    expect(freeCentreOffset(panel)).toEqual({ x: 204, y: 0 });
    // A phone's bottom sheet moves the middle up.
    expect(freeCentreOffset({ ...noPadding, bottom: 300 })).toEqual({ x: 0, y: -150 });
  });
});

describe('framing', () => {
  const focal = focalLength(map.height, Math.PI / 3);

  it('measures the focal length from the vertical field of view', () => {
    expect(focal).toBeCloseTo(360 / Math.tan(Math.PI / 6), 6);
  });

  it('moves the camera so that a point ahead shows at the offset asked for', () => {
    const depth = 50_000;
    const offset = { x: 204, y: -150 };
    const shift = sidewaysShift(offset, depth, focal);
    // The point, seen from the moved camera: its right/up coordinates, projected (y grows downwards on screen).
    const seen = { x: (-shift.right * focal) / depth, y: (shift.up * focal) / depth };
    expect(seen.x).toBeCloseTo(offset.x, 9);
    expect(seen.y).toBeCloseTo(offset.y, 9);
  });

  it('stands back until the extent fits the free part, with a margin', () => {
    const radius = 20_000;
    const distance = fitDistance(radius, map, panel, focal);
    // The sphere's picture, a disc: its radius in pixels at that distance.
    const disc = (focal * radius) / Math.sqrt(distance ** 2 - radius ** 2);
    const room = Math.min(872, 720) / 2;
    expect(disc).toBeLessThan(room);
    expect(disc).toBeGreaterThan(room * 0.85);
    // The same extent beside a panel needs more distance than on a bare map.
    expect(distance).toBeGreaterThan(fitDistance(radius, map, noPadding, focal) - 1);
  });

  it('keeps a point layer at a sensible distance', () => {
    expect(fitDistance(0, map, panel, focal)).toBe(1_000);
  });
});
