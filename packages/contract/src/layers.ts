import { z } from 'zod';
import { dbId, idParam, noContent, pageOf, pageQuery } from './common.js';
import { featureCollection } from './datasources.js';
import { endpoint } from './endpoint.js';
import { jsonText, requiredString } from './fields.js';

/**
 * A layer of a workspace's tree (docs/product.md, Data: "Layer"): `template` is JSON
 * text (its style), `user_groups` the groups it is restricted to, `layers` its children
 * in order. A name containing `baseLayer` marks a base layer.
 */
export type Layer = {
  id: number;
  name: string;
  visible: boolean;
  data_source: number | null;
  template: string;
  user_groups: number[];
  layers: Layer[];
};
/** Named, so that the API's OpenAPI document can describe the recursion as a `$ref` to itself. */
export const layer: z.ZodType<Layer> = z
  .object({
    id: z.number(),
    name: z.string(),
    visible: z.boolean(),
    data_source: z.number().nullable(),
    template: z.string(),
    user_groups: z.array(z.number()),
    get layers() {
      return z.array(layer);
    },
  })
  .meta({ id: 'Layer' });
export const layerPage = pageOf(layer);

/** One of `workspace` (with a login) or `token` (a share link, without one). */
export const layerListQuery = pageQuery.extend({
  workspace: dbId().optional(),
  token: z.string().max(200).optional(),
});

/** A template is a JSON object as text (the viewer's style of the layer). */
export const layerTemplate = jsonText(
  z.record(z.string(), z.unknown()),
  'Enter the template as a JSON object, e.g. {"color": "#ff6d00"}.',
);

const layerFields = {
  parent: dbId().nullable().optional(),
  name: requiredString('This field is required.', 200),
  visible: z.boolean().optional(),
  data_source: dbId().nullable().optional(),
  template: layerTemplate.optional(),
  user_groups: z.array(dbId()).max(100).optional(),
  /** 0-based among its siblings; default: last. The others move to make room. */
  position: z.number().int().min(0, 'Ensure this value is greater than or equal to 0.').optional(),
};

export const createLayerRequest = z.object({ workspace: dbId(), ...layerFields });
export type CreateLayerRequest = z.infer<typeof createLayerRequest>;

export const updateLayerRequest = z.object({ ...layerFields, name: layerFields.name.optional() }).strict();
export type UpdateLayerRequest = z.infer<typeof updateLayerRequest>;

/** Who reads a workspace's layers: its members with their login, or anyone with a live share link's token. */
export const layerReadQuery = z.object({
  workspace: dbId().optional(),
  token: z.string().max(200).optional(),
});

/**
 * How the viewer draws one layer: its data source's type and config, never a secret.
 * `url` is the source's own address, or a same-origin address on this server when the
 * server must fetch for the browser (uploaded features, sources holding credentials).
 */
export const layerSource = z.object({
  layer: z.number(),
  data_source: z.number(),
  type: z.number(),
  key: z.string(),
  config: z.record(z.string(), z.unknown()),
  proxied: z.boolean(),
});
export type LayerSource = z.infer<typeof layerSource>;
export const layerSourceList = z.object({ results: z.array(layerSource) });

/** A row of the layer library (/layers): a layer of one of the account's workspaces, with what it is made of. */
export const libraryLayer = z.object({
  id: z.number(),
  name: z.string(),
  workspace: z.object({ id: z.number(), name: z.string() }),
  parent: z.object({ id: z.number(), name: z.string() }).nullable(),
  data_source: z.object({ id: z.number(), name: z.string(), type: z.number().nullable() }).nullable(),
  user_groups: z.array(z.object({ id: z.number(), name: z.string() })),
  template: z.string(),
});
export type LibraryLayer = z.infer<typeof libraryLayer>;
export const libraryOrdering = z.enum(['name', '-name', 'workspace', '-workspace']);
export type LibraryOrdering = z.infer<typeof libraryOrdering>;
export const libraryQuery = pageQuery.extend({
  account: dbId().optional(),
  search: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
  ordering: libraryOrdering.optional(),
});
export type LibraryQuery = z.infer<typeof libraryQuery>;

const tag = 'layers';
export const layersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/layers',
    auth: 'optional',
    access: 'workspace-viewer',
    status: 200,
    tag,
    summary:
      "A workspace's layer tree, top-level layers in order with their children; grouped layers only for its admin, editors and the groups' members",
    query: layerListQuery,
    response: layerPage,
  }),
  library: endpoint({
    method: 'GET',
    path: '/api/layers/library',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary:
      'Every layer of every workspace of the accounts the caller administers (?account= one of them), with its workspace, data source and user groups; ?search= on layer, workspace or source name',
    query: libraryQuery,
    response: pageOf(libraryLayer),
  }),
  sources: endpoint({
    method: 'GET',
    path: '/api/layers/sources',
    auth: 'optional',
    access: 'workspace-viewer',
    status: 200,
    tag,
    summary:
      "The data sources of the workspace's layers the caller may see, without secrets: what the viewer draws (?workspace= with a login, or ?token=)",
    query: layerReadQuery,
    response: layerSourceList,
  }),
  features: endpoint({
    method: 'GET',
    path: '/api/layers/:id/features',
    auth: 'optional',
    access: 'workspace-viewer',
    status: 200,
    tag,
    summary:
      "The uploaded features of a layer's data source, for whoever may see the layer: with a login, ?token= a share link's token, or ?capability= the signed grant GET /api/layers/sources put in the address (map engines fetch without the login header)",
    params: idParam,
    query: z.object({ token: z.string().max(200).optional(), capability: z.string().max(2000).optional() }),
    response: featureCollection,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/layers',
    auth: 'token',
    access: 'workspace-editor',
    status: 201,
    tag,
    summary: 'Adds a layer or group to a workspace (admin and editors)',
    body: createLayerRequest,
    response: layer,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/layers/:id',
    auth: 'token',
    access: 'workspace-editor',
    status: 200,
    tag,
    summary: 'Renames, restyles, moves or reorders a layer (admin and editors)',
    params: idParam,
    body: updateLayerRequest,
    response: layer,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/layers/:id',
    auth: 'token',
    access: 'workspace-editor',
    status: 204,
    tag,
    summary: 'Deletes a layer with its children (admin and editors)',
    params: idParam,
    response: noContent,
  }),
};
