import { oneOf, storedValue } from '../lib/stored-value';

export const languages = ['en', 'nl'] as const;
export type Language = (typeof languages)[number];

const storedLanguage = storedValue('language', oneOf(languages));

const isLanguage = (value: unknown): value is Language => languages.some((l) => l === value);

/** The remembered choice, else the browser's language (Dutch for `nl`, otherwise English). */
export function initialLanguage(
  stored: string | null = storedLanguage.get(),
  browser: string = navigator.language,
): Language {
  if (isLanguage(stored)) return stored;
  return browser.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

/** Storage can be unavailable (private mode, quota); the choice then lasts this visit only. */
export const rememberLanguage = (language: Language): void => storedLanguage.set(language);

export function toLanguage(value: string | undefined): Language {
  return isLanguage(value) ? value : 'en';
}
