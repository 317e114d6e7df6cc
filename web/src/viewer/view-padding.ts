/**
 * The part of the map that panels do not cover, and how the camera frames something in
 * it: plain numbers (CSS pixels, metres), no Cesium, so the geometry is tested on its own.
 */

/** How far in from each edge of the map something covers it, in CSS pixels. */
export type ViewPadding = { top: number; right: number; bottom: number; left: number };

export const noPadding: ViewPadding = { top: 0, right: 0, bottom: 0, left: 0 };

export type Size = { width: number; height: number };

/** A free part narrower than this share of the map is no place to frame anything in: that axis is not padded. */
const smallestFreeShare = 0.25;

/** The padding the camera honours: no negative sides, and none along an axis the panels would leave almost no room on. */
export function usablePadding(size: Size, padding: ViewPadding): ViewPadding {
  const side = (value: number) => (Number.isFinite(value) ? Math.max(0, value) : 0);
  const [top, right, bottom, left] = [padding.top, padding.right, padding.bottom, padding.left].map(side) as [
    number,
    number,
    number,
    number,
  ];
  const fitsAcross = size.width - left - right >= size.width * smallestFreeShare;
  const fitsDown = size.height - top - bottom >= size.height * smallestFreeShare;
  return {
    top: fitsDown ? top : 0,
    bottom: fitsDown ? bottom : 0,
    left: fitsAcross ? left : 0,
    right: fitsAcross ? right : 0,
  };
}

/** The free part's size. */
export const freeSize = (size: Size, padding: ViewPadding): Size => ({
  width: size.width - padding.left - padding.right,
  height: size.height - padding.top - padding.bottom,
});

/** Where the free part's centre lies from the map's centre, in pixels (x to the right, y down). */
export const freeCentreOffset = (padding: ViewPadding) => ({
  x: (padding.left - padding.right) / 2,
  y: (padding.top - padding.bottom) / 2,
});

/** The focal length in pixels of a camera whose vertical field of view is `fovy` radians, on a map `height` pixels high. */
export const focalLength = (height: number, fovy: number) => height / 2 / Math.tan(fovy / 2);

/** Room left around a framed extent, as a share of the free part. */
const framingMargin = 1.1;
/** Closer than this a framed point (an extent of no size) would fill nothing sensible. */
const closestFraming = 1_000;

/**
 * How far from a sphere's centre (metres) the camera stands so that the sphere fills the
 * free part: its picture, a disc, as wide as the narrower side of the free part.
 */
export function fitDistance(radius: number, size: Size, padding: ViewPadding, focal: number): number {
  const free = freeSize(size, padding);
  const half = Math.max(1, Math.min(free.width, free.height) / 2);
  return Math.max(closestFraming, radius * framingMargin * Math.sqrt(1 + (focal / half) ** 2));
}

/**
 * The sideways move of the camera (metres along its right and up axes) that shows a point
 * `depth` metres ahead of it `offset` pixels from the middle of the map: the picture
 * moves the other way than the camera.
 */
export const sidewaysShift = (offset: { x: number; y: number }, depth: number, focal: number) => ({
  right: (-offset.x * depth) / focal,
  up: (offset.y * depth) / focal,
});

export const samePadding = (a: ViewPadding, b: ViewPadding) =>
  a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.left === b.left;
