import { workspacesApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { viewerWorkspaceKey } from '../api/get-workspace';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored plugins text with one key replaced: the other keys stay exactly as read
 * (RUNTIME.md: "other keys are kept as sent"), so a tool never overwrites another's
 * settings. Unreadable text counts as no plugins.
 */
export function withPlugin(stored: string, key: string, value: unknown): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = {};
  }
  return JSON.stringify({ ...(isObject(parsed) ? parsed : {}), [key]: value });
}

/**
 * Every tool saves its settings this way, on the workspace's latest known `version`:
 * `PATCH /api/workspaces/{id}` `{version, workspacePlugins}`: the whole plugins text, a
 * stale `version` refused with 409, a dashboard the server refuses (e.g. on this site's
 * own origin) with 400 `{"workspacePlugins": ["…"]}`.
 */
export function useSavePlugins(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, workspacePlugins }: { version: number; workspacePlugins: string }) =>
      callApi(workspacesApi.update, { params: { id }, body: { version, workspacePlugins } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(viewerWorkspaceKey(id, undefined), updated);
      return queryClient.invalidateQueries({ queryKey: ['workspaces'], refetchType: 'none' });
    },
  });
}
