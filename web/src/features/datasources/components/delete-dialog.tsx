import type { Datasource } from '@geows/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { splitByUse } from '../delete-targets';
import { WorkspaceChips } from './workspace-chips';

/** What the dialog asks about: one source (its row's Delete) or the selected set. */
export type DeleteTarget =
  | { kind: 'one'; datasource: Datasource }
  | { kind: 'selected'; sources: Datasource[] };

/**
 * The delete confirmations of the data sources table, for one source and for the
 * selected set: Delete and Cancel, at most 500 px wide (docs/product.md, "Limits").
 * Before anything is pressed it says which sources layers still use, and where: the
 * server refuses to delete those, so Delete leaves them out, and is disabled when
 * nothing else is left. Each workspace opens in the editor, where its layers are removed.
 */
export function DeleteDialog({
  open,
  target,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  target: DeleteTarget | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const sources = target === null ? [] : target.kind === 'one' ? [target.datasource] : target.sources;
  const { deletable, inUse } = splitByUse(sources);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
    >
      <DialogTitle id={titleId}>
        {target?.kind === 'one' ? t('datasources.deleteTitle') : t('datasources.deleteSelectedTitle')}
      </DialogTitle>
      <DialogContent id={textId}>
        {target?.kind === 'one' ? (
          <OneSource source={target.datasource} />
        ) : (
          <SelectedSources count={sources.length} deletable={deletable.length} inUse={inUse} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('datasources.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={busy || deletable.length === 0}
        >
          {t('datasources.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OneSource({ source }: { source: Datasource }) {
  const { t } = useTranslation();
  const count = source.workspaces.count;
  if (count === 0)
    return (
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        {t('datasources.confirmDelete', { name: source.name })}
      </DialogContentText>
    );
  return (
    <>
      <DialogContentText sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        {t('datasources.inUseBy', { name: source.name, count })}
      </DialogContentText>
      <WorkspaceChips source={source} linked />
      <DialogContentText variant="body2" sx={{ mt: 1.5 }}>
        {t('datasources.cannotDeleteInUse', { count })}
      </DialogContentText>
    </>
  );
}

function SelectedSources({
  count,
  deletable,
  inUse,
}: {
  count: number;
  deletable: number;
  inUse: Datasource[];
}) {
  const { t } = useTranslation();
  if (inUse.length === 0)
    return <DialogContentText>{t('datasources.confirmDeleteSelected', { count })}</DialogContentText>;
  return (
    <>
      <DialogContentText sx={{ mb: 1.5 }}>
        {t('datasources.selectedInUse', { count: inUse.length })}
      </DialogContentText>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {inUse.map((source) => (
          <Box component="li" key={source.id}>
            <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5, overflowWrap: 'anywhere' }}>
              {source.name}
            </Typography>
            <WorkspaceChips source={source} linked />
          </Box>
        ))}
      </Box>
      <DialogContentText sx={{ mt: 2 }}>
        {deletable > 0
          ? t('datasources.confirmDeleteRest', { count: deletable })
          : t('datasources.noneDeletable')}
      </DialogContentText>
    </>
  );
}
