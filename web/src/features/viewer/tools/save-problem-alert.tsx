import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { SaveProblem } from './use-save-plugin';

/** A failed save (`useSavePlugin`): a conflict offers Reload and stays until then; any other failure can be dismissed. */
export function SaveProblemAlert({
  problem,
  onReload,
  onClose,
  sx,
}: {
  problem: SaveProblem;
  onReload: () => void;
  onClose: () => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const conflict = problem.kind === 'conflict';
  return (
    <Alert
      severity={conflict ? 'warning' : 'error'}
      onClose={conflict ? undefined : onClose}
      action={
        conflict && (
          <Button color="inherit" size="small" onClick={onReload}>
            {t('sharing.reload')}
          </Button>
        )
      }
      sx={[{ whiteSpace: 'pre-line' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {problem.text}
    </Alert>
  );
}
