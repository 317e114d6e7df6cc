import { limits } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { type ReactNode, type SyntheticEvent, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type SnackbarApi, SnackbarContext } from './snackbar-context';
import {
  closeSnackbar,
  enqueueSnackbar,
  getSnackbarSnapshot,
  showSnackbar,
  snackbarExited,
  subscribeSnackbar,
} from './snackbar-store';

const api: SnackbarApi = { show: showSnackbar, enqueue: enqueueSnackbar };

/** The app's one snackbar; a new message replaces the one on screen. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { message, open } = useSyncExternalStore(subscribeSnackbar, getSnackbarSnapshot);

  const handleClose = (_event?: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not dismiss a message the user may still be reading.
    if (reason !== 'clickaway') closeSnackbar();
  };

  return (
    <SnackbarContext.Provider value={api}>
      {children}
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
    </SnackbarContext.Provider>
  );
}
