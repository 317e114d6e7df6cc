import { type Workspace, workspacesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { workspaceKeys } from './workspace-keys';

/** `GET /api/workspaces?account={id}`: that account's workspaces, every page of them. */
export function getWorkspaces(account: number, signal?: AbortSignal): Promise<Workspace[]> {
  return allPages((paging) => callApi(workspacesApi.list, { query: { account, ...paging }, signal }));
}

export const workspacesQueryOptions = (account: number) =>
  queryOptions({
    queryKey: workspaceKeys.list(account),
    queryFn: ({ signal }) => getWorkspaces(account, signal),
  });

/** The account's workspaces; waits while the account is not known yet. */
export const useWorkspaces = (account: number | undefined) =>
  useQuery({ ...workspacesQueryOptions(account ?? 0), enabled: account !== undefined });
