import type { WorkspaceRights } from '@geows/contract';

/** What the repository knows of the caller's relation to one workspace. */
export type WorkspaceRelation = {
  adminId: number;
  editorIds: number[];
  /** An invitation is addressed to the caller's e-mail. */
  invited: boolean;
  /** An operator made this the caller's demo workspace. */
  demo: boolean;
};

/**
 * Workspace rights (docs/product.md, States and transitions; docs/decisions.md): admin
 * when the workspace's admin is the caller (the admin of the active account), edit for
 * editors, view for invited people (and a demo user on their demo workspace). Everyone
 * else: no rights at all, which the API answers as 404 so that the workspace's
 * existence is not revealed.
 */
export function rightsOf(callerId: number, relation: WorkspaceRelation): WorkspaceRights | null {
  if (relation.adminId === callerId) return 'admin';
  if (relation.editorIds.includes(callerId)) return 'edit';
  if (relation.invited || relation.demo) return 'view';
  return null;
}

const rank: Record<WorkspaceRights, number> = { view: 1, edit: 2, admin: 3 };

export function allows(rights: WorkspaceRights, needed: WorkspaceRights): boolean {
  return rank[rights] >= rank[needed];
}
