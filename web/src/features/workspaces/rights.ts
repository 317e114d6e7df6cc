import type { Account, Workspace, WorkspaceRights } from '@geows/contract';

/**
 * Spec §4 "Workspace rights", on the client: admin when the workspace's admin is the
 * active account's admin, edit when that admin is among the editors, otherwise a viewer
 * (through an invitation). The server's own answer (`rights`) wins when it has one:
 * it also knows invitations and demo assignments.
 */
export function workspaceRights(
  workspace: Pick<Workspace, 'admin' | 'editors'> & { rights?: WorkspaceRights | undefined },
  activeAccount: Pick<Account, 'admin'> | null,
): WorkspaceRights {
  if (workspace.rights) return workspace.rights;
  if (activeAccount && workspace.admin === activeAccount.admin) return 'admin';
  if (activeAccount && workspace.editors.includes(activeAccount.admin)) return 'edit';
  return 'view';
}

/** Admins and editors may change a workspace and invite people to it. */
export const canEdit = (rights: WorkspaceRights) => rights === 'admin' || rights === 'edit';
