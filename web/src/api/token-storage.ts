import { storedValue, text } from '../lib/stored-value';

/**
 * The API token, kept as the bare string in localStorage under 'token'
 * (docs/decisions.md, "The interface"). This module is the only one that touches that key; others
 * subscribe to changes, including another tab logging in or out.
 */
const token = storedValue('token', text, { crossTab: true });

export const getToken = (): string | null => token.get();
export const setToken = (value: string | null): void => token.set(value || null);
export const subscribeToken = (listener: () => void): (() => void) => token.subscribe(listener);
