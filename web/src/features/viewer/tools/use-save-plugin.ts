import type { Workspace, WorkspacePlugins } from '@geows/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { responseBodyText } from '../../../components/form/error-text';
import { viewerWorkspaceQueryOptions } from '../api/get-workspace';
import { refusalText } from './plugin-refusals';
import { useSavePlugins, withPlugin } from './save-plugins';

/**
 * Why the last save failed: someone saved the workspace meanwhile (kept until Reload),
 * the server refused the value (its `workspacePlugins` messages), or anything else.
 */
export type SaveProblem = { kind: 'conflict' | 'refused' | 'failed'; text: string };

function problemOf(error: unknown, t: TFunction): SaveProblem {
  if (error instanceof ApiError && error.status === 409) return { kind: 'conflict', text: error.message };
  const refusals = error instanceof ApiError ? error.fieldErrors.workspacePlugins : undefined;
  if (refusals?.length)
    return { kind: 'refused', text: refusals.map((refusal) => refusalText(refusal, t)).join('\n') };
  return { kind: 'failed', text: responseBodyText(error, t) };
}

/**
 * Saves one tool's key of the plugins (the others as read) on the latest version known
 * here: the workspace given, or this hook's own last save or reload when newer, so two
 * quick saves in a row do not refuse each other. A 409 is kept as a problem until
 * `reload`, never overwritten. `onRefused` takes the server's refusal instead of
 * `problem` (a form shows it under its field).
 */
export function useSavePlugin<K extends keyof WorkspacePlugins & string>(
  workspace: Workspace,
  key: K,
  { token, onRefused }: { token?: string | undefined; onRefused?: (text: string) => void } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useSavePlugins(workspace.id);
  const [latest, setLatest] = useState<Workspace | undefined>(undefined);
  const [problem, setProblem] = useState<SaveProblem | undefined>(undefined);
  const current = latest && latest.version > workspace.version ? latest : workspace;

  /** Answers the workspace as saved, or undefined when it was not (the reason is in `problem`). */
  const save = async (value: WorkspacePlugins[K]): Promise<Workspace | undefined> => {
    setProblem(undefined);
    try {
      const updated = await mutation.mutateAsync({
        version: current.version,
        workspacePlugins: withPlugin(current.workspacePlugins, key, value),
      });
      setLatest(updated);
      return updated;
    } catch (error) {
      const found = problemOf(error, t);
      if (found.kind === 'refused' && onRefused) onRefused(found.text);
      else setProblem(found);
      return undefined;
    }
  };

  /**
   * After a conflict: reads the workspace anew (the point is what others saved), which the
   * screens then show. Answers it, or undefined when it could not be read and the conflict stays.
   */
  const reload = async (): Promise<Workspace | undefined> => {
    try {
      const fresh = await queryClient.fetchQuery(viewerWorkspaceQueryOptions(workspace.id, token));
      setLatest(fresh);
      setProblem(undefined);
      return fresh;
    } catch {
      return undefined;
    }
  };

  return {
    /** The workspace as this hook last knew it saved. */
    current,
    save,
    saving: mutation.isPending,
    problem,
    /** Whether nothing more may be saved: a save runs, or a conflict waits for Reload. */
    locked: mutation.isPending || problem?.kind === 'conflict',
    clearProblem: () => setProblem(undefined),
    reload,
  };
}
