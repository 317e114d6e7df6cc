/** Small geodesy helpers: Web Mercator and WGS84 earth-centred (ECEF) coordinates. */

const WGS84_A = 6378137;
const WGS84_F = 1 / 298.257223563;
const WGS84_E2 = WGS84_F * (2 - WGS84_F);
const DEG = 180 / Math.PI;

/** Mean earth radius in metres, for turning distances into angles. */
export const EARTH_RADIUS = 6371008.8;

/** Spherical Web Mercator (EPSG:3857) metres to `[lon, lat]` degrees. */
export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / WGS84_A) * DEG;
  const lat = (2 * Math.atan(Math.exp(y / WGS84_A)) - Math.PI / 2) * DEG;
  return [lon, lat];
}

/** ECEF metres to geodetic `[lon, lat]` degrees and height (metres) on the WGS84 ellipsoid. */
export function ecefToGeodetic(x: number, y: number, z: number): [number, number, number] {
  const p = Math.hypot(x, y);
  const lon = Math.atan2(y, x);
  if (p < 1e-9) {
    // On the polar axis.
    const b = WGS84_A * (1 - WGS84_F);
    return [0, z >= 0 ? 90 : -90, Math.abs(z) - b];
  }
  let lat = Math.atan2(z, p * (1 - WGS84_E2));
  let h = 0;
  for (let i = 0; i < 8; i++) {
    const sin = Math.sin(lat);
    const n = WGS84_A / Math.sqrt(1 - WGS84_E2 * sin * sin);
    h = p / Math.cos(lat) - n;
    const next = Math.atan2(z, p * (1 - (WGS84_E2 * n) / (n + h)));
    if (Math.abs(next - lat) < 1e-12) {
      lat = next;
      break;
    }
    lat = next;
  }
  return [lon * DEG, lat * DEG, h];
}
