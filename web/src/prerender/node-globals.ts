/**
 * The few browser globals the app's modules read while rendering, for the build-time
 * prerender in Node (render-page.tsx imports this first). `document` stays undefined on
 * purpose: Emotion then renders its styles as <style> elements into the markup, which
 * extract-styles.ts moves into the head.
 */
const storage = new Map<string, string>();

const localStorage: Storage = {
  get length() {
    return storage.size;
  },
  clear: () => storage.clear(),
  getItem: (key) => storage.get(key) ?? null,
  key: (index) => [...storage.keys()][index] ?? null,
  removeItem: (key) => void storage.delete(key),
  setItem: (key, value) => void storage.set(key, String(value)),
};

import { prerenderHost } from './prerender-host';

/** The origin the prerender pretends to be served from; nothing host-specific is kept from it. */
const prerenderOrigin = `http://${prerenderHost}`;

const noop = () => {};

/** The viewport width being rendered, and every media query the render asked with its answer. */
let viewportWidth = 1280;
const mediaAnswers = new Map<string, boolean>();

/** Answers `(max-width: …px)` and `(min-width: …px)` for the width being rendered; anything else does not match. */
function matchMedia(query: string): MediaQueryList {
  const width = /\((max|min)-width:\s*([\d.]+)px\)/.exec(query);
  const matches = width
    ? width[1] === 'max'
      ? viewportWidth <= Number(width[2])
      : viewportWidth >= Number(width[2])
    : false;
  // The colour scheme is the theme's CSS variables' business (boot-script.js), never the markup's.
  if (!query.includes('prefers-color-scheme')) mediaAnswers.set(query, matches);
  return {
    matches,
    media: query,
    addEventListener: noop,
    removeEventListener: noop,
  } as unknown as MediaQueryList;
}

const browser = {
  location: new URL(`${prerenderOrigin}/`),
  localStorage,
  sessionStorage: localStorage,
  addEventListener: noop,
  removeEventListener: noop,
  matchMedia,
  // The requests of the first render stay pending, as they are when the app's first render commits.
  fetch: () => new Promise<never>(noop),
};

Object.assign(globalThis, { window: globalThis, ...browser });
Object.defineProperty(globalThis, 'navigator', {
  value: { language: 'en', userAgent: 'prerender' },
  configurable: true,
});

/** Points `window.location` at the page being rendered, in a window `width` pixels wide. */
export function setPage(path: string, width: number): void {
  Object.assign(globalThis, { location: new URL(path, prerenderOrigin) });
  viewportWidth = width;
  mediaAnswers.clear();
}

/** The media queries the render asked, with the answers it was given: the browser must answer the same to take the markup over. */
export const askedMedia = (): Record<string, boolean> => Object.fromEntries(mediaAnswers);

export { localStorage as prerenderStorage };
