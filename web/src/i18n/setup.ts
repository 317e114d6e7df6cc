import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { initialLanguage } from './languages';
import { nl } from './nl';

export const resources = { en: { translation: en }, nl: { translation: nl } } as const;

/** Initialises the one i18next instance of the app; resolves once texts are usable. */
export function setupI18n(lng = initialLanguage()) {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: ['en', 'nl'],
    // React escapes text itself; escaping here too would show entities such as &amp;.
    interpolation: { escapeValue: false },
  });
}
