import { useSyncExternalStore } from 'react';

/**
 * The loading overlay's text (spec §3 "loadText"). Null means the default,
 * 'Loading content' in the current language; a route or guard may set its own.
 */
let loadText: string | null = null;
const listeners = new Set<() => void>();

export function setLoadText(text: string | null): void {
  loadText = text;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLoadText = (): string | null => useSyncExternalStore(subscribe, () => loadText);
