import type { UploadSummary } from '@geows/contract';

/** [west, south, east, north] in degrees (WGS 84), over every position of every feature. */
export type Extent = [west: number, south: number, east: number, north: number];

/** [longitude, latitude] or [longitude, latitude, altitude]. */
export type Position = number[];

export type Point = { type: 'Point'; coordinates: Position };
export type MultiPoint = { type: 'MultiPoint'; coordinates: Position[] };
export type LineString = { type: 'LineString'; coordinates: Position[] };
export type MultiLineString = { type: 'MultiLineString'; coordinates: Position[][] };
export type Polygon = { type: 'Polygon'; coordinates: Position[][] };
export type MultiPolygon = { type: 'MultiPolygon'; coordinates: Position[][][] };
export type GeometryCollection = { type: 'GeometryCollection'; geometries: Geometry[] };
export type Geometry =
  | Point
  | MultiPoint
  | LineString
  | MultiLineString
  | Polygon
  | MultiPolygon
  | GeometryCollection;

export type GeoJsonFeature = {
  type: 'Feature';
  geometry: Geometry | null;
  properties: Record<string, unknown> | null;
  id?: string | number;
};

export type ParsedUpload = {
  featureCount: number;
  extent: Extent | null;
  format: 'geojson' | 'csv';
  /** What the file held, as the upload's answer shows it. */
  summary: UploadSummary;
};

/**
 * What is wrong with an uploaded file. The message is shown to the user as-is (English) and names
 * the place: "Line 17: …", "Feature 3: …".
 */
export class UploadError extends Error {
  override name = 'UploadError';
}
