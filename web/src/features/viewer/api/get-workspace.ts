import { queryOptions } from '@tanstack/react-query';
import { workspaceQueryOptions } from '../../workspaces';

/**
 * The workspace as the map reads it: the workspaces feature's fetcher and key, read again
 * at each opening of the map (others may have saved a camera or a tool's settings meanwhile).
 */
export const viewerWorkspaceQueryOptions = (id: number, token: string | undefined) =>
  queryOptions({ ...workspaceQueryOptions(id, token), staleTime: 0 });
