import { type Workspace, workspacesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/workspaces?account={id}`: that account's workspaces. */
export async function getWorkspaces(account: number, signal?: AbortSignal): Promise<Workspace[]> {
  const page = await callApi(workspacesApi.list, { query: { account }, signal });
  return page.results;
}

export const workspaceListKey = (account: number) => ['workspaces', 'list', account] as const;

export const workspacesQueryOptions = (account: number) =>
  queryOptions({
    queryKey: workspaceListKey(account),
    queryFn: ({ signal }) => getWorkspaces(account, signal),
  });

/** The account's workspaces; waits while the account is not known yet. */
export const useWorkspaces = (account: number | undefined) =>
  useQuery({ ...workspacesQueryOptions(account ?? 0), enabled: account !== undefined });
