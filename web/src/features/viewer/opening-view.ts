import type { SavedView, WorkspacePlugins } from '@geows/contract';

/**
 * The saved view a `?view=` names, or undefined (no parameter, or a view since deleted).
 * A URL's ids are text: 7 and "7" are the same view (as the contract's uniqueness rule says).
 */
export function viewById(plugins: WorkspacePlugins, viewId: string | null): SavedView | undefined {
  if (viewId === null) return undefined;
  return plugins.views.find((view) => String(view.id) === viewId);
}
