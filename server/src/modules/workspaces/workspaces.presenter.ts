import type { Workspace, WorkspaceRights } from '@geows/contract';
import type { CreatedWorkspace, ListedWorkspace, WorkspaceWithPlan } from './workspaces.repository.js';

/** Camera and plugins are JSON objects in the database: a string is the text a list read already. */
const jsonText = (value: Record<string, unknown> | string) =>
  typeof value === 'string' ? value : JSON.stringify(value);

export function presentWorkspace(
  row: CreatedWorkspace | ListedWorkspace,
  rights: WorkspaceRights,
): Workspace {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    admin: row.adminId,
    account: row.accountId,
    plan: row.planId !== null && row.planName !== null ? { id: row.planId, name: row.planName } : null,
    editors: row.editorIds,
    camera: jsonText(row.camera),
    workspacePlugins: jsonText(row.workspacePlugins),
    rights,
    version: row.version,
  };
}

/**
 * What a share link's reader, without a login, is answered: what the page needs and
 * nothing more. The editors' user ids are withheld; `admin` stays, as the contract
 * requires it and clients that predate `rights` compare it to find theirs (a reader is
 * nobody, so it never matches).
 */
export function presentSharedWorkspace(row: WorkspaceWithPlan): Workspace {
  return { ...presentWorkspace(row, 'view'), editors: [] };
}
