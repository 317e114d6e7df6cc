import { z } from 'zod';
import { dbId, idParam, noContent, pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { email, jsonText, requiredString } from './fields.js';
import { messages } from './messages.js';
import { type Camera, camera, workspacePluginsText } from './workspace-plugins.js';

/** The Netherlands from above: where the product's users usually start. */
export const defaultCamera: Camera = {
  longitude: 5.3,
  latitude: 52.1,
  height: 350_000,
  heading: 0,
  pitch: -90,
  roll: 0,
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
  /** Optimistic concurrency: every change of the workspace answers the next version. */
  version: z.number().int(),
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

export const workspaceListQuery = pageQuery.extend({ account: dbId().optional() });
export const workspaceReadQuery = z.object({ token: z.string().max(200).optional() });

export const cloneWorkspaceRequest = z.object({
  workspace: dbId(),
});

export const updateWorkspaceRequest = z
  .object({
    /** The version the change was made on: a stale one is refused with 409. */
    version: z.number({ error: 'This field is required.' }).int().min(1),
    name: requiredString(messages.nameRequired, 100).optional(),
    description: requiredString(messages.nameRequired, 1000).optional(),
    camera: jsonText(
      camera,
      'Enter the camera as JSON: {longitude, latitude, height, heading, pitch, roll}.',
    ).optional(),
    /** The tools' settings (workspace-plugins.ts): the known keys checked, any other kept as sent. */
    workspacePlugins: workspacePluginsText.optional(),
  })
  .strict();
export type UpdateWorkspaceRequest = z.infer<typeof updateWorkspaceRequest>;

/** A user with edit rights on a workspace. */
export const workspaceEditor = z.object({ user: z.number(), email: z.string(), username: z.string() });
export type WorkspaceEditor = z.infer<typeof workspaceEditor>;
export const workspaceEditorPage = pageOf(workspaceEditor);
export const addEditorRequest = z.object({ email });

/** A share link: whoever has its token may view the workspace without logging in, until it expires or goes. */
export const shareLink = z.object({
  id: z.number(),
  token: z.string(),
  label: z.string(),
  /** ISO 8601, or null for a link that does not expire. */
  expires: z.string().nullable(),
  created: z.string(),
  /** When someone last opened the workspace with it. */
  last_used: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;
export const shareLinkPage = pageOf(shareLink);
export const createShareLinkRequest = z.object({
  label: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').optional(),
  expires: z.iso
    .datetime({ offset: true, error: 'Enter a date and time in ISO 8601, e.g. 2027-01-31T23:59:00Z.' })
    .refine((value) => Date.parse(value) > Date.now(), 'The expiry must lie in the future.')
    .nullable()
    .optional(),
});
export type CreateShareLinkRequest = z.infer<typeof createShareLinkRequest>;

const editorParams = z.object({ id: dbId(), userId: dbId() });
const shareParams = z.object({ id: dbId(), shareId: dbId() });

const tag = 'workspaces';
export const workspacesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/workspaces',
    auth: 'token',
    access: 'signed-in',
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
    access: 'signed-in',
    status: 201,
    tag,
    summary: 'Creates a workspace in an account the caller administers',
    body: createWorkspaceRequest,
    response: workspace,
  }),
  createSample: endpoint({
    method: 'POST',
    path: '/api/workspaces/sample',
    auth: 'token',
    access: 'signed-in',
    status: 201,
    tag,
    summary:
      'Creates a sample workspace from data that ships with the product (offline imagery, world countries and their names) in an account the caller administers',
    body: z.object({ account: dbId() }),
    response: workspace,
  }),
  /** With `?token=` (a live share link) no login is needed: the rights are then `view`. */
  get: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id',
    auth: 'optional',
    access: 'workspace-viewer',
    status: 200,
    tag,
    summary:
      "A workspace the caller may see, with the caller's rights (admin, edit or view) and its version; ?token= a share link's token without login",
    params: idParam,
    query: workspaceReadQuery,
    response: workspace,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id',
    auth: 'token',
    access: 'workspace-editor',
    status: 200,
    tag,
    summary:
      'Changes name, description, camera or plugin settings (admin and editors); a stale version is refused with 409',
    params: idParam,
    body: updateWorkspaceRequest,
    response: workspace,
  }),
  editors: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/editors',
    auth: 'token',
    access: 'workspace-editor',
    status: 200,
    tag,
    summary: "The workspace's editors (admin and editors)",
    params: idParam,
    query: pageQuery,
    response: workspaceEditorPage,
  }),
  addEditor: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/editors',
    auth: 'token',
    access: 'workspace-admin',
    status: 201,
    tag,
    summary: 'Gives a registered user edit rights, by e-mail (admin only)',
    params: idParam,
    body: addEditorRequest,
    response: workspaceEditor,
  }),
  removeEditor: endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/editors/:userId',
    auth: 'token',
    access: 'workspace-admin',
    status: 204,
    tag,
    summary: "Takes a user's edit rights away (admin only)",
    params: editorParams,
    response: noContent,
  }),
  shareLinks: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/share',
    auth: 'token',
    access: 'workspace-editor',
    status: 200,
    tag,
    summary: "The workspace's share links, with when each was last used (admin and editors)",
    params: idParam,
    query: pageQuery,
    response: shareLinkPage,
  }),
  createShareLink: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/share',
    auth: 'token',
    access: 'workspace-editor',
    status: 201,
    tag,
    summary: 'Makes a share link, with an optional label and expiry (admin and editors)',
    params: idParam,
    body: createShareLinkRequest,
    response: shareLink,
  }),
  removeShareLink: endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/share/:shareId',
    auth: 'token',
    access: 'workspace-editor',
    status: 204,
    tag,
    summary: 'Revokes a share link at once (admin and editors)',
    params: shareParams,
    response: noContent,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id',
    auth: 'token',
    access: 'workspace-admin',
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
    access: 'workspace-admin',
    status: 201,
    tag,
    summary: "Deep copy of a workspace and its layers, named '… (copy)'",
    body: cloneWorkspaceRequest,
    response: workspace,
  }),
};
