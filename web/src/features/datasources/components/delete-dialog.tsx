import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The delete confirmations of the data sources table, for one source and for the
 * selected set: Delete and Cancel, at most 500 px wide (docs/product.md, "Limits").
 */
export function DeleteDialog({
  open,
  title,
  text,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={textId}>
        <DialogContentText sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>{text}</DialogContentText>
        <DialogContentText variant="body2">{t('datasources.inUseNote')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('datasources.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy}>
          {t('datasources.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
