export const languages = ['en', 'nl'] as const;
export type Language = (typeof languages)[number];

const storageKey = 'language';

const isLanguage = (value: unknown): value is Language => languages.some((l) => l === value);

/** The remembered choice, else the browser's language (Dutch for `nl`, otherwise English). */
export function initialLanguage(
  stored: string | null = readStoredLanguage(),
  browser: string = navigator.language,
): Language {
  if (isLanguage(stored)) return stored;
  return browser.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts this visit only.
  }
}

export function toLanguage(value: string | undefined): Language {
  return isLanguage(value) ? value : 'en';
}
