import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Messages } from './en';
import { initialLanguage, type Language } from './languages';

/**
 * English comes with the app: it is the fallback and the language of most first visits.
 * Every other catalog is a chunk of its own, fetched only when its language is chosen.
 */
const catalogs: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  nl: async () => (await import('./nl')).nl,
};

/**
 * Hands i18next a catalog it does not have yet: before `init` resolves (the first paint is in
 * the starting language, never English first) and before `changeLanguage` switches.
 */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    const load = language in catalogs ? catalogs[language as keyof typeof catalogs] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Initialises the one i18next instance of the app; resolves once texts are usable. */
export function setupI18n(lng = initialLanguage()) {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      // The other languages come from lazyCatalogs.
      partialBundledLanguages: true,
      lng,
      fallbackLng: 'en',
      supportedLngs: ['en', 'nl'],
      // React escapes text itself; escaping here too would show entities such as &amp;.
      interpolation: { escapeValue: false },
    });
}
