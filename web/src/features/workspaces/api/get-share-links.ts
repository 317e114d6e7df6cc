import { type ShareLink, workspacesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `GET /api/workspaces/{id}/share`: the workspace's share links (admin and editors), every page of them. */
export function getShareLinks(id: number, signal?: AbortSignal): Promise<ShareLink[]> {
  return allPages((paging) => callApi(workspacesApi.shareLinks, { params: { id }, query: paging, signal }));
}

export const shareLinksQueryOptions = (id: number) =>
  queryOptions({
    queryKey: workspaceKeys.shareLinks(id),
    queryFn: ({ signal }) => getShareLinks(id, signal),
  });

export const useShareLinks = (id: number) => useQuery(shareLinksQueryOptions(id));
