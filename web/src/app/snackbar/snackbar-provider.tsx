import { limits } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { type ReactNode, type SyntheticEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SnackbarApi, type SnackbarColor, SnackbarContext } from './snackbar-context';

type Message = { id: number; text: string; color: SnackbarColor };

/** The app's one snackbar; a new message replaces the one on screen. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<SnackbarApi['show']>((text, color = 'success') => {
    setMessage({ id: Date.now(), text, color });
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ show }), [show]);

  const handleClose = (_event?: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not dismiss a message the user may still be reading.
    if (reason !== 'clickaway') setOpen(false);
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
      >
        <Alert
          onClose={handleClose}
          severity={message?.color ?? 'success'}
          variant="filled"
          closeText={t('shell.close')}
          sx={{ width: '100%' }}
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}
