import type { Language } from '../i18n/languages';
import type { PrerenderedPage } from './first-routes';

export const layouts = ['mobile', 'desktop'] as const;
export type Layout = (typeof layouts)[number];

export type Variant = { page: PrerenderedPage; language: Language; layout: Layout };

/** Where a variant is written, relative to web/dist (server/src/web-app.ts picks one per request). */
export const variantFile = ({ page, language, layout }: Variant) =>
  `prerendered/${page}.${language}.${layout}.html`;

/**
 * Until the app has rendered, a page the browser cannot take over as it is (another language, a
 * token the page was not drawn for, a narrower window) stays unpainted instead of flashing wrong
 * content; boot-script.js decides, the app sets data-app once it has rendered.
 */
const handoffStyle = '<style>html[data-handoff="render"]:not([data-app]) #root{visibility:hidden}</style>';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * index.html's module preloads of the 3D engine (web/scripts/engine-files-plugin.ts marks them
 * with this attribute): index.html is the map's page; a prerendered page fetches the engine only once its
 * first screen is drawn, at the lowest priority (web/src/viewer/engine-files.ts).
 */
export const engineLinkAttribute = 'data-engine';
const engineLink = new RegExp(`\\s*<link [^>]*\\b${engineLinkAttribute}\\b[^>]*>`, 'g');

const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Takes the app's entry script and its module preloads out of the page and names them on <html>
 * (data-entry, data-entry-imports) for boot-script.js, which asks for them once the page is
 * painted: on a slow line the 240 KB of JavaScript would otherwise share the bandwidth with the
 * stylesheet the first paint waits for (Lighthouse mobile FCP 2.5 → 1.5 s).
 */
function deferEntry(template: string): { html: string; attributes: string } {
  const entry = entryScript.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no <script type="module" crossorigin src> entry');
  const imports = [...template.matchAll(modulePreload)].map((match) => match[1]);
  const html = template.replace(entryScript, '').replace(modulePreload, '');
  return { html, attributes: ` data-entry="${entry}" data-entry-imports="${imports.join(' ')}"` };
}

/**
 * The built index.html with a page prerendered into #root (and the templates the boot script copies
 * from after it): its styles in the head, and on <html>
 * its language, its page and the media query answers it was drawn for, which boot-script.js
 * compares with the browser's before the first paint.
 */
export function pageHtml(
  template: string,
  rendered: { markup: string; templates?: string; styles: string; media: Record<string, boolean> },
  { page, language }: Pick<Variant, 'page' | 'language'>,
): string {
  const deferred = deferEntry(template.replace(engineLink, ''));
  const html = deferred.html
    .replace(
      /<html lang="[^"]*"/,
      // Functions, not strings: a `$` in the markup or styles must not read as a replacement pattern.
      () =>
        `<html lang="${language}" data-prerender="${page}" data-media="${escapeAttribute(JSON.stringify(rendered.media))}"${deferred.attributes}`,
    )
    .replace('</head>', () => `${handoffStyle}${rendered.styles}</head>`)
    // The templates after #root, not in it: the app takes #root over and expects only its markup there.
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${rendered.markup}</div>${rendered.templates ?? ''}`,
    );
  if (!html.includes(rendered.markup) || !html.includes('data-prerender=')) {
    throw new Error(
      'index.html has changed: no <html lang> or empty <div id="root"></div> to prerender into',
    );
  }
  return html;
}
