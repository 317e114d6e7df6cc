import { queryOptions } from '@tanstack/react-query';
import { getWorkspace, workspaceKeys, workspaceQueryOptions } from '../../workspaces';

/*
 * The workspace is the workspaces feature's data: its one fetcher and key factory live
 * there. These names remain for the files that still import them from here, until they
 * import the workspaces feature's instead.
 */

/** @deprecated `getWorkspace` of the workspaces feature. */
export const getViewerWorkspace = getWorkspace;

/** @deprecated `workspaceKeys.detail` of the workspaces feature. */
export const viewerWorkspaceKey = (id: number, token: string | undefined) => workspaceKeys.detail(id, token);

/** The workspace as the map reads it: again at each opening, since others may have saved meanwhile. */
export const viewerWorkspaceQueryOptions = (id: number, token: string | undefined) =>
  queryOptions({ ...workspaceQueryOptions(id, token), staleTime: 0 });
