import proj4 from 'proj4';
import { crsDefinition } from '../../elevation/crs.js';
import { mercatorToLonLat } from './geo.js';
import { type Extent, isRecord, normalizeExtent, toNumber } from './inspect-result.js';

/*
 * An ArcGIS service's extent in degrees, from the coordinates of its spatial reference.
 * ArcGIS REST mostly names it by WKID alone (`{"wkid": 29193, "latestWkid": 29193}`), and
 * proj4 knows few EPSG codes by itself; a spatial reference without a WKID comes as WKT,
 * which proj4 reads. So: the WKIDs below (geographic ones as they are, Web Mercator, the
 * UTM zones of the common datums, worked out from the code, and a few national grids),
 * then the service's WKT, else no extent. Datum shifts are left out: the extent is where
 * the map flies to, and a few hundred metres there is nothing.
 */

type ToLonLat = (x: number, y: number) => [number, number];

/** `rectilinear`: the envelope's corners are enough (and keep an extent across the antimeridian). */
export type LonLatConverter = { toLonLat: ToLonLat; rectilinear: boolean };

const GEOGRAPHIC = new Set([
  4326, 4258, 4269, 4267, 4283, 7844, 4674, 4618, 4167, 4617, 4490, 4612, 6668, 4230, 4277, 4289,
]);
const WEB_MERCATOR = new Set([3857, 102100, 102113, 900913]);

/** UTM zones by datum: the first code, its zone, which hemisphere, the ellipsoid. */
const UTM_RANGES: { first: number; last: number; zone: number; south: boolean; ellps: string }[] = [
  { first: 32601, last: 32660, zone: 1, south: false, ellps: 'WGS84' },
  { first: 32701, last: 32760, zone: 1, south: true, ellps: 'WGS84' },
  { first: 25828, last: 25838, zone: 28, south: false, ellps: 'GRS80' }, // ETRS89
  { first: 26901, last: 26923, zone: 1, south: false, ellps: 'GRS80' }, // NAD83
  { first: 26703, last: 26722, zone: 3, south: false, ellps: 'clrk66' }, // NAD27
  { first: 23028, last: 23038, zone: 28, south: false, ellps: 'intl' }, // ED50
  { first: 29168, last: 29172, zone: 18, south: false, ellps: 'aust_SA' }, // SAD69
  { first: 29187, last: 29195, zone: 17, south: true, ellps: 'aust_SA' }, // SAD69
  { first: 31965, last: 31976, zone: 11, south: false, ellps: 'GRS80' }, // SIRGAS 2000
  { first: 31977, last: 31985, zone: 17, south: true, ellps: 'GRS80' }, // SIRGAS 2000
  { first: 28348, last: 28358, zone: 48, south: true, ellps: 'GRS80' }, // GDA94 / MGA
  { first: 7846, last: 7859, zone: 46, south: true, ellps: 'GRS80' }, // GDA2020 / MGA
];

/** National grids that government map services publish in (EPSG's parameters). */
const GRIDS: Record<number, string> = {
  27700: '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +units=m',
  2154: '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +units=m',
  31370:
    '+proj=lcc +lat_0=90 +lon_0=4.36748666666667 +lat_1=51.1666672333333 +lat_2=49.8333339 +x_0=150000.013 +y_0=5400088.438 +ellps=intl +units=m',
  2056: '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +units=m',
  21781:
    '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=600000 +y_0=200000 +ellps=bessel +units=m',
  3035: '+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +units=m',
  3067: '+proj=utm +zone=35 +ellps=GRS80 +units=m',
  3006: '+proj=utm +zone=33 +ellps=GRS80 +units=m',
  2180: '+proj=tmerc +lat_0=0 +lon_0=19 +k=0.9993 +x_0=500000 +y_0=-5300000 +ellps=GRS80 +units=m',
  2193: '+proj=tmerc +lat_0=0 +lon_0=173 +k=0.9996 +x_0=1600000 +y_0=10000000 +ellps=GRS80 +units=m',
  5070: '+proj=aea +lat_0=23 +lon_0=-96 +lat_1=29.5 +lat_2=45.5 +x_0=0 +y_0=0 +ellps=GRS80 +units=m',
  3577: '+proj=aea +lat_0=0 +lon_0=132 +lat_1=-18 +lat_2=-36 +x_0=0 +y_0=0 +ellps=GRS80 +units=m',
};

/** A WKT longer than this is not a spatial reference (an ESRI one is a few hundred characters). */
const MAX_WKT = 10_000;

/** The proj4 definition of a projected WKID, if it is one of the above. */
export function projectedDefinition(wkid: number): string | undefined {
  const grid = GRIDS[wkid] ?? crsDefinition(`EPSG:${wkid}`);
  if (grid) return grid;
  const range = UTM_RANGES.find((r) => wkid >= r.first && wkid <= r.last);
  if (!range) return undefined;
  const zone = range.zone + wkid - range.first;
  return `+proj=utm +zone=${zone}${range.south ? ' +south' : ''} +ellps=${range.ellps} +units=m`;
}

/** `x, y` → `[lon, lat]` for a WKID, or undefined when it is none of those known. */
function fromWkid(wkid: number): LonLatConverter | undefined {
  if (GEOGRAPHIC.has(wkid)) return { toLonLat: (x, y) => [x, y], rectilinear: true };
  if (WEB_MERCATOR.has(wkid)) return { toLonLat: mercatorToLonLat, rectilinear: true };
  const definition = projectedDefinition(wkid);
  return definition ? inverse(definition) : undefined;
}

function inverse(definition: string): LonLatConverter | undefined {
  try {
    const converter = proj4(definition, 'WGS84');
    const toLonLat: ToLonLat = (x, y) => {
      try {
        const [lon, lat] = converter.forward([x, y]);
        return [lon as number, lat as number];
      } catch {
        // Outside the projection's domain.
        return [Number.NaN, Number.NaN];
      }
    };
    return { toLonLat, rectilinear: false };
  } catch {
    // proj4 cannot read this WKT.
    return undefined;
  }
}

/** The WKIDs an ArcGIS spatial reference names, the current one first. */
export function wkidsOf(sr: unknown): number[] {
  if (!isRecord(sr)) return [];
  return [toNumber(sr.latestWkid), toNumber(sr.wkid)].filter((n): n is number => n !== undefined);
}

/** How to turn coordinates in an ArcGIS spatial reference into degrees, when it can be done. */
export function lonLatConverter(sr: unknown): LonLatConverter | undefined {
  for (const wkid of wkidsOf(sr)) {
    const convert = fromWkid(wkid);
    if (convert) return convert;
  }
  const wkt = isRecord(sr) ? sr.wkt : undefined;
  if (typeof wkt === 'string' && wkt.length <= MAX_WKT && /^\s*(PROJCS|GEOGCS)\[/i.test(wkt))
    return inverse(wkt);
  return undefined;
}

/** Points along each edge: a projected rectangle's edges are curves in degrees. */
const EDGE_STEPS = 8;

/** The envelope `{xmin, ymin, xmax, ymax}` as `[west, south, east, north]` in degrees, or null. */
export function envelopeInDegrees(
  envelope: unknown,
  { toLonLat, rectilinear }: LonLatConverter,
): Extent | null {
  if (!isRecord(envelope)) return null;
  const xmin = toNumber(envelope.xmin);
  const ymin = toNumber(envelope.ymin);
  const xmax = toNumber(envelope.xmax);
  const ymax = toNumber(envelope.ymax);
  if (xmin === undefined || ymin === undefined || xmax === undefined || ymax === undefined) return null;
  if (rectilinear) {
    const [w, s] = toLonLat(xmin, ymin);
    const [e, n] = toLonLat(xmax, ymax);
    return normalizeExtent(w, s, e, n);
  }
  const lons: number[] = [];
  const lats: number[] = [];
  for (let i = 0; i <= EDGE_STEPS; i++) {
    const x = xmin + ((xmax - xmin) * i) / EDGE_STEPS;
    const y = ymin + ((ymax - ymin) * i) / EDGE_STEPS;
    for (const [px, py] of [
      [x, ymin],
      [x, ymax],
      [xmin, y],
      [xmax, y],
    ] as const) {
      const [lon, lat] = toLonLat(px, py);
      if (Number.isFinite(lon) && Number.isFinite(lat)) {
        lons.push(lon);
        lats.push(lat);
      }
    }
  }
  if (lons.length === 0) return null;
  return normalizeExtent(Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats));
}
