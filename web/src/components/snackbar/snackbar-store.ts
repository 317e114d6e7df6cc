import type { AlertColor } from '@mui/material/Alert';

export type SnackbarColor = AlertColor;
export type SnackbarMessage = { id: number; text: string; color: SnackbarColor };

/**
 * The snackbar's state (client state in docs/product.md, "Data"), outside React so that
 * route guards and other non-component code can show a message too. One message is on
 * screen; `show` replaces it, `enqueue` waits until it has closed.
 */
let current: SnackbarMessage | null = null;
let open = false;
const queue: SnackbarMessage[] = [];
const listeners = new Set<() => void>();
let nextId = 1;
let snapshot: { message: SnackbarMessage | null; open: boolean } = { message: current, open };

function emit() {
  snapshot = { message: current, open };
  for (const listener of listeners) listener();
}

const make = (text: string, color: SnackbarColor): SnackbarMessage => ({ id: nextId++, text, color });

/** Shows one message now; the default colour is success (docs/product.md, "States and transitions"). */
export function showSnackbar(text: string, color: SnackbarColor = 'success'): void {
  queue.length = 0;
  current = make(text, color);
  open = true;
  emit();
}

/** Shows a message after those already waiting (e.g. each string of an error list). */
export function enqueueSnackbar(text: string, color: SnackbarColor = 'success'): void {
  if (!open) {
    current = make(text, color);
    open = true;
    emit();
    return;
  }
  queue.push(make(text, color));
}

/** Hides the message on screen; the next waiting one follows after its exit transition. */
export function closeSnackbar(): void {
  open = false;
  emit();
}

/** Called once the closed snackbar has left the screen. */
export function snackbarExited(): void {
  const next = queue.shift();
  if (!next) return;
  current = next;
  open = true;
  emit();
}

export function subscribeSnackbar(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSnackbarSnapshot = () => snapshot;

/** Forgets everything; for tests. */
export function resetSnackbar(): void {
  queue.length = 0;
  current = null;
  open = false;
  emit();
}
