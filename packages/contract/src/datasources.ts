import { z } from 'zod';
import { dbId, idParam, noContent, pageOf, pageQuery } from './common.js';
import { datasourceTypeById } from './datasource-types.js';
import { endpoint } from './endpoint.js';
import { requiredString } from './fields.js';

/**
 * The workspaces whose layers use a data source, by name. `ids` (beyond the agreed
 * `{count, names}`) holds their ids in the order of `names`, so a screen can link to them;
 * optional for answers of servers that do not send it.
 */
export const datasourceUsage = z.object({
  count: z.number().int(),
  names: z.array(z.string()),
  ids: z.array(z.number().int()).optional(),
});
export type DatasourceUsage = z.infer<typeof datasourceUsage>;

/** A row of `GET /api/datasources` (docs/product.md, Data: "Datasource"). */
export const datasource = z.object({
  id: z.number(),
  name: z.string(),
  /** A datasource type id (`GET /api/datasourcetypes`). */
  type: z.number(),
  account: z.number(),
  date_modified: z.string(),
  workspaces: datasourceUsage,
});
export type Datasource = z.infer<typeof datasource>;
export const datasourcePage = pageOf(datasource);

/**
 * One data source with its configuration. Secret values (passwords, tokens, API keys)
 * never leave the server: their keys are absent from `config`, and `secrets` names the
 * ones that are stored, so a form can say "saved" without showing them.
 */
export const datasourceDetail = datasource.extend({
  config: z.record(z.string(), z.unknown()),
  secrets: z.array(z.string()),
  /** After 'Sign in with ArcGIS': whose token the server holds, and until when (ISO 8601). */
  arcgis: z.object({ username: z.string(), expires: z.string() }).nullable(),
});
export type DatasourceDetail = z.infer<typeof datasourceDetail>;

export const datasourceOrdering = z.enum(['name', '-name', 'date_modified', '-date_modified']);
export type DatasourceOrdering = z.infer<typeof datasourceOrdering>;

export const datasourceListQuery = pageQuery.extend({
  account: dbId().optional(),
  /**
   * The sources the caller may attach to a layer of this workspace: all of its account's
   * for the workspace's admin, those its layers use already for an editor.
   */
  workspace: dbId().optional(),
  search: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
  ordering: datasourceOrdering.optional(),
});
export type DatasourceListQuery = z.infer<typeof datasourceListQuery>;

const config = z.record(z.string(), z.unknown(), { error: 'Expected an object.' });

export const datasourceName = requiredString('This field is required.', 200);

export const createDatasourceRequest = z.object({
  name: datasourceName,
  type: dbId(),
  account: dbId(),
  config,
});
export type CreateDatasourceRequest = z.infer<typeof createDatasourceRequest>;

/** A config that leaves a secret out keeps the stored one; `null` removes it. */
export const updateDatasourceRequest = z
  .object({ name: datasourceName.optional(), config: config.optional() })
  .strict();
export type UpdateDatasourceRequest = z.infer<typeof updateDatasourceRequest>;

/** `datasource`: an existing source whose stored secrets fill in those the config leaves out. */
export const inspectRequest = z.object({ type: dbId(), config, datasource: dbId().optional() });
export type InspectRequest = z.infer<typeof inspectRequest>;

export const extent = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type Extent = z.infer<typeof extent>;

/** What `POST /api/datasources/inspect` found at a service's URL. */
export const inspectResult = z.object({
  title: z.string(),
  /** `[west, south, east, north]` in degrees, or null when the service does not say. */
  extent: extent.nullable(),
  /** The sub-layers a WMS, WMTS or ArcGIS service offers; `[]` for other kinds. */
  layers: z.array(z.object({ name: z.string(), title: z.string() })),
  /**
   * What else the kind tells (version, formats, crs, …). A list that was cut says so:
   * `layersTruncated` with `layerCount`, `crsTruncated` with `crsCount` (the totals).
   */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type InspectResult = z.infer<typeof inspectResult>;

/**
 * The end of 'Sign in with ArcGIS': the authorization code the portal gave the pop-up,
 * the PKCE verifier the browser kept, and the redirect URI it used.
 */
export const arcgisSignInRequest = z.object({
  code: z.string().min(1).max(4000),
  code_verifier: z.string().min(43).max(128),
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2048),
});
export type ArcgisSignInRequest = z.infer<typeof arcgisSignInRequest>;

/** How many rows of attributes an upload's summary shows. */
export const uploadSummaryRows = 5;

/** An attribute's value in an upload's summary: nested values as JSON text, long texts cut. */
export const summaryValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * What an uploaded file held: its features, their geometry types (`type` null for features
 * without a geometry), the extent of their positions, and the attributes of the first rows
 * (`attributes` the names in the order first met; a row lacks the names its feature lacks).
 */
export const uploadSummary = z.object({
  feature_count: z.number().int().nonnegative(),
  geometry_types: z.array(z.object({ type: z.string().nullable(), count: z.number().int().positive() })),
  /** `[west, south, east, north]` in degrees, or null when no feature has a position. */
  extent: extent.nullable(),
  attributes: z.array(z.string()),
  rows: z.array(z.record(z.string(), summaryValue)).max(uploadSummaryRows),
});
export type UploadSummary = z.infer<typeof uploadSummary>;

/** The answer to an upload: the new data source, and what its file held (beyond the agreed answer). */
export const uploadResult = datasourceDetail.extend({ summary: uploadSummary });
export type UploadResult = z.infer<typeof uploadResult>;

/** GeoJSON as the viewer reads an uploaded source's features. */
export const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.record(z.string(), z.unknown())),
  bbox: extent.optional(),
});

/**
 * Checks a config against its type's schema (from the contract): the parsed config with
 * defaults, or field errors named `config.<field>`, as the API answers them. Types added
 * later without a schema need a `url` at least.
 */
export function validateDatasourceConfig(
  type: number,
  value: unknown,
): { success: true; config: Record<string, unknown> } | { success: false; errors: Record<string, string[]> } {
  const schema = datasourceTypeById(type)?.config ?? fallbackConfig;
  const result = schema.safeParse(value);
  if (result.success) return { success: true, config: result.data as Record<string, unknown> };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = ['config', ...issue.path.map(String)].join('.');
    errors[field] ??= [];
    errors[field].push(issue.message);
  }
  return { success: false, errors };
}

const fallbackConfig = z.looseObject({
  url: z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' }).max(2048),
});

const tag = 'datasources';
export const datasourcesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/datasources',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary:
      "The data sources of the caller's accounts (?account= one of them), searched by name, ordered, paged",
    query: datasourceListQuery,
    response: datasourcePage,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/datasources',
    auth: 'token',
    access: 'signed-in',
    status: 201,
    tag,
    summary: "Registers a data source in an account the caller administers; config follows the type's schema",
    body: createDatasourceRequest,
    response: datasourceDetail,
  }),
  inspect: endpoint({
    method: 'POST',
    path: '/api/datasources/inspect',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary:
      "Fetches a service's description (capabilities, service JSON, tileset, …): title, extent, sub-layers",
    body: inspectRequest,
    response: inspectResult,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/datasources/upload',
    auth: 'token',
    access: 'signed-in',
    status: 201,
    tag,
    summary:
      'Uploads a GeoJSON file, or a CSV with latitude/longitude columns (multipart: file, name, account); creates a geojson data source and sums up what the file held',
    response: uploadResult,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/datasources/:id',
    auth: 'token',
    access: 'account-admin',
    status: 200,
    tag,
    summary: 'One data source with its config (secrets left out)',
    params: idParam,
    response: datasourceDetail,
  }),
  features: endpoint({
    method: 'GET',
    path: '/api/datasources/:id/features',
    auth: 'token',
    access: 'account-admin',
    status: 200,
    tag,
    summary: "An uploaded data source's features as a GeoJSON FeatureCollection",
    params: idParam,
    response: featureCollection,
  }),
  arcgisSignIn: endpoint({
    method: 'POST',
    path: '/api/datasources/:id/arcgis-sign-in',
    auth: 'token',
    access: 'account-admin',
    status: 200,
    tag,
    summary:
      "Exchanges the ArcGIS portal's authorization code (PKCE) for the user's token, kept sealed with the source",
    params: idParam,
    body: arcgisSignInRequest,
    response: datasourceDetail,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/datasources/:id',
    auth: 'token',
    access: 'account-admin',
    status: 200,
    tag,
    summary: 'Renames a data source or changes its config (a secret left out is kept)',
    params: idParam,
    body: updateDatasourceRequest,
    response: datasourceDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/datasources/:id',
    auth: 'token',
    access: 'account-admin',
    status: 204,
    tag,
    summary: 'Deletes a data source; refused (400) while layers of a workspace use it',
    params: idParam,
    response: noContent,
  }),
};
