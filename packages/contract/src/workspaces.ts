import { z } from 'zod';
import { dbId, idParam, noContent, pageOf } from './common.js';
import { endpoint } from './endpoint.js';
import { requiredString } from './fields.js';
import { messages } from './messages.js';

/** Camera JSON: degrees and metres, WGS84 (docs/decisions.md). */
export const camera = z.object({
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  height: z.number().min(-1000).max(100_000_000),
  heading: z.number(),
  pitch: z.number(),
  roll: z.number(),
});
export type Camera = z.infer<typeof camera>;

/** The Netherlands from above: where the product's users usually start. */
export const defaultCamera: Camera = {
  longitude: 5.3,
  latitude: 52.1,
  height: 350_000,
  heading: 0,
  pitch: -90,
  roll: 0,
};

/** Plugin defaults: split panel, elevation profile, BI panel (docs/decisions.md). */
export const defaultWorkspacePlugins = {
  splitPanel: { enabled: false, left: [] as string[], right: [] as string[] },
  elevation: { profiles: [{ title: 'AHN3/AHN4', color: 'red' }] },
  bi: { url: '' },
};

export const plan = z.object({ id: z.number(), name: z.string() });
export type Plan = z.infer<typeof plan>;

export const workspaceRights = z.enum(['admin', 'edit', 'view']);
export type WorkspaceRights = z.infer<typeof workspaceRights>;

/** A workspace; camera and workspacePlugins are JSON text, as the original API sent them. */
export const workspace = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  admin: z.number(),
  account: z.number(),
  plan: plan.nullable(),
  editors: z.array(z.number()),
  camera: z.string(),
  workspacePlugins: z.string(),
  rights: workspaceRights,
});
export type Workspace = z.infer<typeof workspace>;
export const workspacePage = pageOf(workspace);

export const workspaceForm = z.object({
  name: requiredString(messages.nameRequired, 100),
  description: requiredString(messages.nameRequired, 1000),
});
export type WorkspaceForm = z.infer<typeof workspaceForm>;

export const createWorkspaceRequest = workspaceForm.extend({
  admin: dbId(),
  account: dbId(),
});
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequest>;

export const workspaceListQuery = z.object({ account: dbId().optional() });
export const workspaceReadQuery = z.object({ token: z.string().max(200).optional() });

export const cloneWorkspaceRequest = z.object({
  workspace: dbId(),
});

const tag = 'workspaces';
export const workspacesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/workspaces',
    auth: 'token',
    status: 200,
    tag,
    summary: "An account's workspaces (its admin only), or all the caller administers and edits",
    query: workspaceListQuery,
    response: workspacePage,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/workspaces',
    auth: 'token',
    status: 201,
    tag,
    summary: 'Creates a workspace in an account the caller administers',
    body: createWorkspaceRequest,
    response: workspace,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id',
    auth: 'token',
    status: 200,
    tag,
    summary: "A workspace the caller may see, with the caller's rights (admin, edit or view)",
    params: idParam,
    query: workspaceReadQuery,
    response: workspace,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id',
    auth: 'token',
    status: 204,
    tag,
    summary: 'Deletes a workspace (its admin only)',
    params: idParam,
    response: noContent,
  }),
  clone: endpoint({
    method: 'PUT',
    path: '/api/cloneWorkspace',
    auth: 'token',
    status: 201,
    tag,
    summary: "Deep copy of a workspace and its layers, named '… (copy)'",
    body: cloneWorkspaceRequest,
    response: workspace,
  }),
};
