import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The kinds of data source the product can put on the 3D map. Each has a stable
 * numeric id (what `datasource.type` holds, as in the original API), a key used in
 * code, a display name, and the zod schema of its configuration. Values marked as
 * secrets are encrypted at rest and never sent back to the browser in full.
 */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' })
  .max(2048, 'Ensure this field has no more than 2048 characters.');

const secret = z.string().max(4096).optional();

/** Text a service needs (a layer name, a tile matrix set): missing and empty say the same. */
const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required' : 'Expected text.') })
    .min(1, 'This field is required')
    .max(max, `Ensure this field has no more than ${max} characters.`);

/**
 * A key the service wants in the query of every request (many tile services do). Kept
 * like a password: the map reads such a source through this server, which adds it.
 */
const apiKey = {
  apiKey: secret,
  apiKeyParameter: z
    .string()
    .regex(/^[A-Za-z][\w.-]{0,99}$/, 'Enter the name of a query parameter, e.g. key or api_key.')
    .default('key'),
};

/** Extra query parameters appended to every request to the service. */
const extraParameters = z.record(z.string().max(100), z.string().max(1000)).default({});

export const wmsConfig = z.object({
  url: httpUrl,
  layers: requiredText(1000),
  version: z.enum(['1.1.1', '1.3.0']).default('1.3.0'),
  format: z.string().max(100).default('image/png'),
  transparent: z.boolean().default(true),
  parameters: extraParameters,
  username: z.string().max(150).optional(),
  password: secret,
});

export const wmtsConfig = z.object({
  url: httpUrl,
  layer: requiredText(1000),
  style: z.string().max(200).default('default'),
  tileMatrixSetID: requiredText(200),
  format: z.string().max(100).default('image/png'),
  parameters: extraParameters,
  ...apiKey,
});

export const xyzConfig = z.object({
  /** A template such as https://tile.example.org/{z}/{x}/{y}.png */
  url: httpUrl.refine((u) => u.includes('{z}') && u.includes('{x}') && u.includes('{y}'), {
    error: 'The URL must contain {z}, {x} and {y}',
  }),
  subdomains: z.array(z.string().max(20)).max(26).default([]),
  minimumLevel: z.number().int().min(0).max(30).default(0),
  maximumLevel: z.number().int().min(0).max(30).default(19),
  credit: z.string().max(500).default(''),
  ...apiKey,
});

export const tiles3dConfig = z.object({
  url: httpUrl,
  maximumScreenSpaceError: z.number().positive().max(1024).default(16),
  ...apiKey,
});

/** A GeoJSON URL, or an uploaded file (`uploaded`: its file name) whose features the server keeps. */
export const geojsonConfig = z
  .object({
    url: httpUrl.optional(),
    uploaded: z.string().max(300).optional(),
    strokeColor: z.string().max(50).default('#ff6d00'),
    fillColor: z.string().max(50).default('#ff6d0033'),
    clampToGround: z.boolean().default(true),
  })
  .refine((config) => config.url !== undefined || config.uploaded !== undefined, {
    path: ['url'],
    error: 'This field is required',
  });

/**
 * An ArcGIS service reaches secured content with a fixed `token`, or by 'Sign in with
 * ArcGIS': the portal (ArcGIS Online or an Enterprise portal) and the app's client id,
 * after which the server keeps the signed-in user's token (and refreshes it).
 */
const arcgisSignIn = {
  portal: httpUrl.optional(),
  clientId: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
};

export const arcgisMapServerConfig = z.object({
  url: httpUrl,
  layers: z.string().max(1000).default(''),
  token: secret,
  ...arcgisSignIn,
});

export const arcgisFeatureServerConfig = z.object({
  url: httpUrl,
  where: z.string().max(2000).default('1=1'),
  token: secret,
  ...arcgisSignIn,
});

export const cesiumTerrainConfig = z.object({
  url: httpUrl,
  requestVertexNormals: z.boolean().default(true),
  ...apiKey,
});

/**
 * An OGC WCS 2.0.1 service and one of its coverages: heights for elevation profiles
 * (`DescribeCoverage` for its CRS, extent and grid, `GetCoverage` as GeoTIFF). Inspect
 * lists the service's coverages as its `layers`.
 */
export const wcsConfig = z.object({
  url: httpUrl,
  coverage: requiredText(200),
});

/** A GeoTIFF or Cloud Optimized GeoTIFF of heights, read with HTTP range requests where the server allows them. */
export const geotiffConfig = z.object({
  url: httpUrl,
});

export const datasourceTypeDefinitions = [
  { id: 1, key: 'wms', name: 'WMS', config: wmsConfig, secrets: ['password'] },
  { id: 2, key: 'wmts', name: 'WMTS', config: wmtsConfig, secrets: ['apiKey'] },
  { id: 3, key: 'xyz', name: 'XYZ tiles', config: xyzConfig, secrets: ['apiKey'] },
  { id: 4, key: '3dtiles', name: '3D Tiles', config: tiles3dConfig, secrets: ['apiKey'] },
  { id: 5, key: 'geojson', name: 'GeoJSON', config: geojsonConfig, secrets: [] },
  {
    id: 6,
    key: 'arcgis-mapserver',
    name: 'ArcGIS MapServer',
    config: arcgisMapServerConfig,
    secrets: ['token'],
  },
  {
    id: 7,
    key: 'arcgis-featureserver',
    name: 'ArcGIS FeatureServer',
    config: arcgisFeatureServerConfig,
    secrets: ['token'],
  },
  {
    id: 8,
    key: 'cesium-terrain',
    name: 'Cesium terrain',
    config: cesiumTerrainConfig,
    secrets: ['apiKey'],
  },
  { id: 9, key: 'wcs', name: 'WCS (elevation)', config: wcsConfig, secrets: [] },
  { id: 10, key: 'geotiff', name: 'GeoTIFF (elevation)', config: geotiffConfig, secrets: [] },
] as const;

export type DatasourceTypeKey = (typeof datasourceTypeDefinitions)[number]['key'];

/**
 * The kinds whose sources give heights: what an elevation profile may name as its
 * `datasource` (RUNTIME.md, "Workspace tools"). The server samples `wcs` and `geotiff`;
 * the viewer samples `cesium-terrain` itself.
 */
export const elevationDatasourceTypeKeys = [
  'wcs',
  'geotiff',
  'cesium-terrain',
] as const satisfies readonly DatasourceTypeKey[];

export const datasourceTypeByKey = (key: string) => datasourceTypeDefinitions.find((t) => t.key === key);
export const datasourceTypeById = (id: number) => datasourceTypeDefinitions.find((t) => t.id === id);

/** What `GET /api/datasourcetypes` answers per type. */
export const datasourceType = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export type DatasourceType = z.infer<typeof datasourceType>;
export const datasourceTypePage = pageOf(datasourceType);

export const datasourceTypesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/datasourcetypes',
    auth: 'none',
    access: 'public',
    status: 200,
    tag: 'datasources',
    summary: 'The kinds of data source the product supports (no authentication)',
    query: pageQuery,
    response: datasourceTypePage,
  }),
};
