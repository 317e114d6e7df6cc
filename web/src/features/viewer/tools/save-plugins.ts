import { useUpdateWorkspace } from '../../workspaces';

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
 * `PATCH /api/workspaces/{id}` `{version, workspacePlugins}` through the workspaces
 * feature (its fetcher and cache keys): the whole plugins text, a stale `version` refused
 * with 409, a value the server refuses (e.g. a dashboard on this site's own origin) with
 * 400 `{"workspacePlugins": ["…"]}`.
 */
export const useSavePlugins = (id: number) => useUpdateWorkspace(id);
