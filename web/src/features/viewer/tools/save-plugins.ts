import { useUpdateWorkspace } from '../../workspaces';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored plugins text as an object, every key as stored; unreadable text counts as no plugins. */
export function storedPlugins(stored: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(stored);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The stored plugins text with one key replaced: the other keys stay exactly as read
 * (RUNTIME.md: "other keys are kept as sent"), so a tool never overwrites another's
 * settings.
 */
export const withPlugin = (stored: string, key: string, value: unknown): string =>
  JSON.stringify({ ...storedPlugins(stored), [key]: value });

/**
 * Every tool saves its settings this way, on the workspace's latest known `version`:
 * `PATCH /api/workspaces/{id}` `{version, workspacePlugins}` through the workspaces
 * feature (its fetcher and cache keys): the whole plugins text, a stale `version` refused
 * with 409, a value the server refuses (e.g. a dashboard on this site's own origin) with
 * 400 `{"workspacePlugins": ["…"]}`. `useSavePlugin` adds what the tools show of it.
 */
export const useSavePlugins = (id: number) => useUpdateWorkspace(id);
