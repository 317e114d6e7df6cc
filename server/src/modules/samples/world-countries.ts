import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * World countries from Natural Earth (public domain) as packaged by world-atlas (ISC),
 * read from node_modules: the product needs no internet for its sample. Antarctica is
 * left out (extruded or draped, its polygon around the pole troubles the globe).
 */
export function worldCountries(): Feature<Geometry, { name: string }>[] {
  const require = createRequire(import.meta.url);
  const topology = require('world-atlas/countries-110m.json') as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<
    Geometry,
    { name: string }
  >;
  return collection.features
    .filter((country) => country.properties.name !== 'Antarctica' && country.geometry)
    .map((country) => ({
      type: 'Feature',
      properties: { name: country.properties.name },
      geometry: country.geometry,
    }));
}

/** A point for each country's name: the middle of the bounding box of its largest ring. */
export function countryLabels(
  countries: Feature<Geometry, { name: string }>[],
): Feature<Geometry, { name: string }>[] {
  return countries.flatMap((country) => {
    const rings = outerRings(country.geometry);
    const largest = rings.sort((a, b) => b.length - a.length)[0];
    if (!largest) return [];
    const [west, south, east, north] = bbox(largest);
    return [
      {
        type: 'Feature',
        properties: { name: country.properties.name },
        geometry: { type: 'Point', coordinates: [(west + east) / 2, (south + north) / 2] },
      },
    ];
  });
}

function outerRings(geometry: Geometry): Position[][] {
  if (geometry.type === 'Polygon') return geometry.coordinates[0] ? [geometry.coordinates[0]] : [];
  if (geometry.type === 'MultiPolygon')
    return geometry.coordinates.flatMap((polygon) => polygon[0] ?? []).length
      ? geometry.coordinates.map((polygon) => polygon[0] ?? [])
      : [];
  return [];
}

/** [west, south, east, north] of positions. */
export function bbox(positions: Position[]): [number, number, number, number] {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const [x = 0, y = 0] of positions) {
    west = Math.min(west, x);
    east = Math.max(east, x);
    south = Math.min(south, y);
    north = Math.max(north, y);
  }
  return [west, south, east, north];
}

/** Every position of a feature's geometry (for extents). */
export function positionsOf(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    default:
      return geometry.geometries.flatMap(positionsOf);
  }
}
