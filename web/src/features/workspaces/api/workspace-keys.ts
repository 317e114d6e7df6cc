/**
 * The query keys of the workspaces endpoints, in one place: each starts with `all`, so
 * `invalidateQueries({ queryKey: workspaceKeys.all })` reaches every one of them, and a
 * detail's key without a token is the prefix of the same workspace read through a share link.
 */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  lists: () => [...workspaceKeys.all, 'list'] as const,
  /** `GET /api/workspaces?account=`. */
  list: (account: number) => [...workspaceKeys.lists(), account] as const,
  /** `GET /api/workspaces/{id}` (with a share link's `?token=`). */
  detail: (id: number, token?: string | undefined) =>
    [...workspaceKeys.all, 'detail', id, ...(token ? [{ token }] : [])] as const,
  /** `GET /api/workspaces/{id}/editors`. */
  editors: (id: number) => [...workspaceKeys.all, 'editors', id] as const,
  /** `GET /api/workspaces/{id}/share`. */
  shareLinks: (id: number) => [...workspaceKeys.all, 'share', id] as const,
  /** `GET /api/workspaces/{id}/dashboard` (with `?token=`): keyed by the address too, which a save may change. */
  dashboard: (id: number, url: string, token?: string | undefined) =>
    [...workspaceKeys.all, 'dashboard', id, url, ...(token ? [{ token }] : [])] as const,
};
