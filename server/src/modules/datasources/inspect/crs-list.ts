/**
 * At most this many CRS are listed. GeoServer offers every EPSG code it knows (about 6,800)
 * by default, so real lists fit whole; the cap only bounds what a made-up document costs.
 */
export const MAX_CRS = 10_000;

/** The CRS the viewer draws with: kept whatever the cap, so a long list never loses them. */
const WELL_KNOWN = new Set(['EPSG:4326', 'EPSG:3857', 'CRS:84', 'EPSG:900913']);

export type CrsList = {
  crs: string[];
  /** Set when the list was cut: how many distinct CRS the service named. */
  crsCount?: number;
  crsTruncated?: true;
};

/**
 * The distinct CRS in document order, cut at `max` when longer; the well-known ones are
 * kept in their place and the others make way for them.
 */
export function crsList(names: Iterable<string>, max = MAX_CRS): CrsList {
  const all = new Set<string>();
  for (const name of names) if (name) all.add(name);
  if (all.size <= max) return { crs: [...all] };
  const wellKnown = [...all].filter((name) => WELL_KNOWN.has(name.toUpperCase())).length;
  let othersLeft = max - wellKnown;
  const crs = [...all].filter((name) => WELL_KNOWN.has(name.toUpperCase()) || othersLeft-- > 0);
  return { crs, crsCount: all.size, crsTruncated: true };
}
