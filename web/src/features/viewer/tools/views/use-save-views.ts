import { readWorkspacePlugins, type SavedView, type Workspace } from '@geows/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../api/api-error';
import { workspaceQueryOptions } from '../../../workspaces';
import { useSavePlugins, withPlugin } from '../save-plugins';

/** Why the last save failed: someone saved the workspace meanwhile (Reload), the server refused it, or no answer came. */
export type SaveProblem =
  | { kind: 'conflict'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'unreachable' };

/**
 * The workspace's views and how to save them: the whole `views` key replaced (other keys
 * as read), on the latest version this panel knows — its own last save counts, so two
 * quick moves in a row do not refuse each other. A 409 is kept until Reload, never
 * overwritten.
 */
export function useSaveViews(workspace: Workspace, token: string | undefined) {
  const save = useSavePlugins(workspace.id);
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Workspace | undefined>(undefined);
  const [problem, setProblem] = useState<SaveProblem | undefined>(undefined);
  const current = saved && saved.version > workspace.version ? saved : workspace;
  const views = readWorkspacePlugins(current.workspacePlugins).views;

  /** Saves the list; answers whether it was saved (a failure is in `problem`). */
  const saveViews = async (next: readonly SavedView[]): Promise<boolean> => {
    setProblem(undefined);
    try {
      const updated = await save.mutateAsync({
        version: current.version,
        workspacePlugins: withPlugin(current.workspacePlugins, 'views', next),
      });
      setSaved(updated);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        setProblem({ kind: 'conflict', text: error.message });
      else if (error instanceof ApiError)
        setProblem({ kind: 'refused', text: error.fieldErrors.workspacePlugins?.join(' ') ?? error.message });
      else setProblem({ kind: 'unreachable' });
      return false;
    }
  };

  const reload = async () => {
    // Read anew whatever the cache holds: the point is what others saved.
    const fresh = await queryClient.fetchQuery({
      ...workspaceQueryOptions(workspace.id, token),
      staleTime: 0,
    });
    setSaved(fresh);
    setProblem(undefined);
  };

  return {
    views,
    saveViews,
    saving: save.isPending,
    problem,
    clearProblem: () => setProblem(undefined),
    reload,
  };
}
