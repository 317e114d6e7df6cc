import { dashboardApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../api/client';
import { workspaceKeys } from '../../../workspaces';

/**
 * `GET /api/workspaces/{id}/dashboard`: whether the workspace's dashboard lets this site
 * frame it (`null`: the server could not tell); `?token=` on the share page.
 */
export const getDashboardCheck = (workspace: number, token: string | undefined, signal?: AbortSignal) =>
  callApi(dashboardApi.check, { params: { id: workspace }, query: token ? { token } : {}, signal });

export const dashboardCheckQueryOptions = (workspace: number, url: string, token: string | undefined) =>
  queryOptions({
    queryKey: workspaceKeys.dashboard(workspace, url, token),
    queryFn: ({ signal }) => getDashboardCheck(workspace, token, signal),
    // The server keeps its answer for minutes too; a failure falls back to the frame's own wait.
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * Whether the dashboard at `url` refuses to be framed here: true or false once the server
 * knows, undefined while it is asked, when it cannot tell, or when it answered for
 * another address (the workspace's was changed since).
 */
export function useDashboardRefuses(
  workspace: number,
  url: string,
  token: string | undefined,
  enabled = true,
) {
  const { data } = useQuery({ ...dashboardCheckQueryOptions(workspace, url, token), enabled });
  if (!data || data.url !== url || data.frameable === null) return undefined;
  return !data.frameable;
}
