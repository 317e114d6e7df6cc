import { limits } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { closeSnackbar, type SnackbarMessage, snackbarExited } from './snackbar-store';

/** The snackbar itself (snackbar-provider.tsx loads it with the first message); a new message replaces the one on screen. */
export function SnackbarView({ message, open }: { message: SnackbarMessage | null; open: boolean }) {
  const { t } = useTranslation();

  const handleClose = (_event?: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not dismiss a message the user may still be reading.
    if (reason !== 'clickaway') closeSnackbar();
  };

  return (
    <Snackbar
      key={message?.id}
      open={open}
      autoHideDuration={limits.snackbarTimeoutMs}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ transition: { onExited: snackbarExited } }}
    >
      <Alert
        onClose={handleClose}
        severity={message?.color ?? 'success'}
        variant="filled"
        closeText={t('shell.close')}
        sx={{ width: '100%', whiteSpace: 'pre-line' }}
      >
        {message?.text}
      </Alert>
    </Snackbar>
  );
}
