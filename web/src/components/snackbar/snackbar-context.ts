import { createContext, useContext } from 'react';
import type { SnackbarColor } from './snackbar-store';

export type { SnackbarColor } from './snackbar-store';

export type SnackbarApi = {
  /** Shows one message; the default colour is success (docs/product.md, "States and transitions"). */
  show: (text: string, color?: SnackbarColor) => void;
  /** Shows a message after the one on screen has closed. */
  enqueue: (text: string, color?: SnackbarColor) => void;
};

export const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
