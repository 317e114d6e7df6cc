import type { Workspace, WorkspaceRights } from '@geows/contract';
import type { WorkspaceWithPlan } from './workspaces.repository.js';

export function presentWorkspace(row: WorkspaceWithPlan, rights: WorkspaceRights): Workspace {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    admin: row.adminId,
    account: row.accountId,
    plan: row.planId !== null && row.planName !== null ? { id: row.planId, name: row.planName } : null,
    editors: row.editorIds,
    camera: JSON.stringify(row.camera),
    workspacePlugins: JSON.stringify(row.workspacePlugins),
    rights,
    version: row.version,
  };
}
