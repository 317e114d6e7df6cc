import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { resetSnackbar } from '../components/snackbar/snackbar-store';
import { setupI18n } from '../i18n/setup';

// jsdom has no matchMedia; MUI's media queries and colour schemes ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

beforeAll(async () => {
  await setupI18n('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSnackbar();
});
