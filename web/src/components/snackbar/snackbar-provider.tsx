import { type ReactNode, useSyncExternalStore } from 'react';
import { onDemand, useOnDemand } from '../../lib/on-demand';
import { type SnackbarApi, SnackbarContext } from './snackbar-context';
import {
  closeSnackbar,
  enqueueSnackbar,
  getSnackbarSnapshot,
  showSnackbar,
  subscribeSnackbar,
} from './snackbar-store';

const api: SnackbarApi = { show: showSnackbar, enqueue: enqueueSnackbar };

/** The snackbar's code (MUI's Snackbar, Alert, Grow) loads with the first message. */
const view = onDemand(async () => (await import('./snackbar-view')).SnackbarView);

/** The app's one snackbar; a new message replaces the one on screen. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { message, open } = useSyncExternalStore(subscribeSnackbar, getSnackbarSnapshot, getSnackbarSnapshot);
  // Should its code fail to load, the message is closed unseen; the next one tries again.
  const View = useOnDemand(view, open, closeSnackbar);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {View && <View message={message} open={open} />}
    </SnackbarContext.Provider>
  );
}
