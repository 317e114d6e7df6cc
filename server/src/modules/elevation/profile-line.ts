import type { ProfilePoint } from '@geows/contract';
import geodesic from 'geographiclib-geodesic';

/*
 * geographiclib-geodesic is Karney's GeographicLib in JavaScript (the algorithms PROJ and
 * GDAL use): geodesics on the WGS84 ellipsoid accurate to nanometres, for any pair of
 * points (Vincenty's iteration fails to converge for nearly antipodal ones).
 */
const { Geodesic } = geodesic;
const wgs84 = Geodesic.WGS84;
// DISTANCE_IN: positions by distance along each segment; LONG_UNROLL: no jump at the antimeridian.
const caps = Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.DISTANCE | Geodesic.DISTANCE_IN;
const outmask = Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.LONG_UNROLL;

/**
 * `samples` points evenly spaced along `line` ([longitude, latitude] vertices joined by
 * geodesics on the WGS84 ellipsoid), the first and last at the line's ends; `length` and
 * each point's `distance` from the start in metres.
 */
export function sampleLine(
  line: [number, number][],
  samples: number,
): { length: number; points: ProfilePoint[] } {
  const segments = line.slice(1).map((end, index) => {
    const start = line[index] as [number, number];
    const geodesicLine = wgs84.InverseLine(start[1], start[0], end[1], end[0], caps);
    return { start, end, line: geodesicLine, length: geodesicLine.s13 };
  });
  const length = segments.reduce((sum, segment) => sum + segment.length, 0);
  const points: ProfilePoint[] = [];
  let segmentIndex = 0;
  let before = 0; // the length of the segments before segments[segmentIndex]
  for (let i = 0; i < samples; i++) {
    const distance = i === samples - 1 ? length : (length * i) / (samples - 1);
    while (segmentIndex < segments.length - 1 && before + (segments[segmentIndex]?.length ?? 0) < distance) {
      before += segments[segmentIndex]?.length ?? 0;
      segmentIndex += 1;
    }
    const segment = segments[segmentIndex];
    if (!segment) break;
    const along = Math.min(Math.max(distance - before, 0), segment.length);
    if (i === samples - 1) {
      points.push({ distance, longitude: segment.end[0], latitude: segment.end[1] });
    } else if (along === 0) {
      points.push({ distance, longitude: segment.start[0], latitude: segment.start[1] });
    } else {
      const position = segment.line.Position(along, outmask);
      points.push({ distance, longitude: wrapLongitude(position.lon2 ?? 0), latitude: position.lat2 ?? 0 });
    }
  }
  return { length, points };
}

/** LONG_UNROLL keeps a line across the antimeridian continuous; answers stay within -180…180. */
function wrapLongitude(longitude: number): number {
  if (longitude >= -180 && longitude <= 180) return longitude;
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
}
