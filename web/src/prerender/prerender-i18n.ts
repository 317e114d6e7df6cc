import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../i18n/en';
import type { Language } from '../i18n/languages';
import { nl } from '../i18n/nl';

/**
 * i18next as setupI18n (i18n/setup.ts) makes it, with every catalog at hand: the prerender
 * renders each language in turn and has no document whose `lang` follows the language.
 */
export async function setupPrerenderI18n(language: Language): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { en: { translation: en }, nl: { translation: nl } },
      lng: language,
      fallbackLng: 'en',
      supportedLngs: ['en', 'nl'],
      interpolation: { escapeValue: false },
    });
  }
  await i18next.changeLanguage(language);
}
