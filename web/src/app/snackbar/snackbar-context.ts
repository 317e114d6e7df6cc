import type { AlertColor } from '@mui/material/Alert';
import { createContext, useContext } from 'react';

export type SnackbarColor = AlertColor;

export type SnackbarApi = {
  /** Shows one message; the default colour is success (spec §4). */
  show: (text: string, color?: SnackbarColor) => void;
};

export const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
