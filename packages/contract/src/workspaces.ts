import { z } from 'zod';
import { dbId, pageOf } from './common.js';
import { requiredString } from './fields.js';
import { messages } from './messages.js';

/** Camera JSON (DESIGN.md): degrees and metres, WGS84. */
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

/** Plugin defaults (spec §3, DESIGN.md): split panel, elevation profile, BI panel. */
export const defaultWorkspacePlugins = {
  splitPanel: { enabled: false, left: [] as string[], right: [] as string[] },
  elevation: { profiles: [{ title: 'AHN3/AHN4', color: 'red' }] },
  bi: { url: '' },
};

export const plan = z.object({ id: z.number(), name: z.string() });
export type Plan = z.infer<typeof plan>;

export const workspaceRights = z.enum(['admin', 'edit', 'view']);
export type WorkspaceRights = z.infer<typeof workspaceRights>;

/** Spec §3 "Workspace"; camera and workspacePlugins are JSON text, as the original sent them. */
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
