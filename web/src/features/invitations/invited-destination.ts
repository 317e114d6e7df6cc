import { type Invitation, paths, pathTo } from '@geows/contract';

/** The workspaces the caller is invited to, each once, in the order of the invitations. */
export function invitedWorkspaces(invitations: readonly Invitation[]): Invitation['workspace'][] {
  const seen = new Map<number, Invitation['workspace']>();
  for (const { workspace } of invitations) if (!seen.has(workspace.id)) seen.set(workspace.id, workspace);
  return [...seen.values()];
}

/**
 * Where an invited colleague goes once their first account exists: the one workspace
 * they were invited to, or the list of them when there are several; undefined for
 * someone nobody invited (they go where everyone goes).
 */
export function invitedDestination(invitations: readonly Invitation[]): string | undefined {
  const workspaces = invitedWorkspaces(invitations);
  const [only] = workspaces;
  if (!only) return undefined;
  return workspaces.length === 1 ? pathTo(paths.workspace, { id: only.id }) : paths.sharedWorkspaces;
}
