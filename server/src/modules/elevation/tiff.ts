import type { GeoTIFFImage } from 'geotiff';
import type { Grid } from './raster.js';

/** GeoTIFF's GTRasterTypeGeoKey value for "pixel is point": the tie point is a pixel's centre. */
const pixelIsPoint = 2;
/** GeoTIFF's code for a user-defined CRS, which proj4 cannot be told about from the keys alone. */
const userDefined = 32767;

/**
 * The pixel grid of a GeoTIFF image from its tie point and pixel scale (or its model
 * transformation), shifted by half a pixel when the file says its tie point is a pixel's
 * centre. Only north-up rasters: a rotated one is refused.
 */
export function gridOfImage(image: GeoTIFFImage): Grid {
  let origin: number[];
  let resolution: number[];
  try {
    origin = image.getOrigin();
    resolution = image.getResolution();
  } catch {
    throw new Error('the GeoTIFF has no georeferencing');
  }
  const [originX = Number.NaN, originY = Number.NaN] = origin;
  const [stepX = Number.NaN, stepY = Number.NaN] = resolution;
  if (![originX, originY, stepX, stepY].every(Number.isFinite) || stepX === 0 || stepY === 0)
    throw new Error('the GeoTIFF has no usable georeferencing');
  const shift = image.getGeoKeys()?.GTRasterTypeGeoKey === pixelIsPoint ? 0.5 : 0;
  return {
    originX: originX - shift * stepX,
    originY: originY - shift * stepY,
    stepX,
    stepY,
    width: image.getWidth(),
    height: image.getHeight(),
  };
}

/** `EPSG:<code>` of a GeoTIFF image's projected or geographic CRS, or undefined. */
export function crsOfImage(image: GeoTIFFImage): string | undefined {
  const keys = image.getGeoKeys();
  const code = Number(keys?.ProjectedCSTypeGeoKey ?? keys?.GeographicTypeGeoKey);
  return Number.isInteger(code) && code > 0 && code !== userDefined ? `EPSG:${code}` : undefined;
}

/** The image's nodata (GDAL_NODATA), if it says one. */
export function nodataOfImage(image: GeoTIFFImage): number[] {
  const nodata = image.getGDALNoData();
  return nodata === null || Number.isNaN(nodata) ? [] : [nodata];
}

/**
 * The heights of the first band of `window` ([col0, row0, col1, row1]) of the image, row by
 * row, as float32 whatever the file stores (4 bytes a height: what the caches hold; float32
 * keeps heights to well under a millimetre). Float32 data comes back as geotiff.js decoded
 * it, without a copy.
 */
export async function readHeights(
  image: GeoTIFFImage,
  window: [number, number, number, number],
  signal?: AbortSignal,
): Promise<Float32Array> {
  const rasters = await image.readRasters({
    window,
    samples: [0],
    interleave: false,
    ...(signal ? { signal } : {}),
  });
  const band = rasters[0];
  if (!band || typeof band === 'number') throw new Error('the GeoTIFF has no band to read');
  return band instanceof Float32Array ? band : Float32Array.from(band as ArrayLike<number>);
}
