import type { SplitPanelSettings, Workspace } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error';
import { responseBodyText } from '../../../../components/form/error-text';
import { viewerWorkspaceQueryOptions } from '../../api/get-workspace';
import { useSavePlugins, withPlugin } from '../save-plugins';

export type SaveProblem = { text: string; severity: 'warning' | 'error' };

/**
 * Saves `splitPanel` (the other plugins as read) on the workspace's version: someone
 * else's change meanwhile is a 409, shown with Reload, never overwritten.
 */
export function useSaveSplit(workspace: Workspace) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSavePlugins(workspace.id);
  const [problem, setProblem] = useState<SaveProblem | null>(null);

  /** Answers whether it was saved. */
  const saveSplit = async (splitPanel: SplitPanelSettings): Promise<boolean> => {
    setProblem(null);
    try {
      await save.mutateAsync({
        version: workspace.version,
        workspacePlugins: withPlugin(workspace.workspacePlugins, 'splitPanel', splitPanel),
      });
      return true;
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409;
      setProblem({ text: responseBodyText(error, t), severity: conflict ? 'warning' : 'error' });
      return false;
    }
  };

  /** After a conflict: reads the workspace as it is now, which the screens then show. */
  const reload = async () => {
    await queryClient.fetchQuery(viewerWorkspaceQueryOptions(workspace.id, undefined));
    setProblem(null);
  };

  return { saveSplit, saving: save.isPending, problem, clearProblem: () => setProblem(null), reload };
}

/** A failed save: a conflict offers Reload, any other failure can be dismissed. */
export function SaveProblemAlert({
  problem,
  onReload,
  onClose,
}: {
  problem: SaveProblem;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={problem.severity}
      onClose={problem.severity === 'error' ? onClose : undefined}
      action={
        problem.severity === 'warning' && (
          <Button color="inherit" size="small" onClick={onReload}>
            {t('sharing.reload')}
          </Button>
        )
      }
      sx={{ whiteSpace: 'pre-line' }}
    >
      {problem.text}
    </Alert>
  );
}
