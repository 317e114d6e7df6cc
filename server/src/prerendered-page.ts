import fs from 'node:fs';
import path from 'node:path';
import { paths } from '@geows/contract';

/**
 * The first screens the web build prerenders (web/src/prerender/): the login page and the shell
 * of the signed-in pages, each per language and layout, as `prerendered/<page>.<language>.<layout>.html`
 * beside index.html. The browser's boot script takes one over only if it draws what the app's
 * first render would; any other visit still works, it paints when the app has rendered.
 */
export type PrerenderedPages = {
  file(pathname: string, acceptLanguage?: string, userAgent?: string): string | undefined;
};

/** Reads which variants the build wrote; an older build without them sends index.html as before. */
export function prerenderedPages(webDist: string): PrerenderedPages {
  const folder = path.join(webDist, 'prerendered');
  const files = new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
  return {
    file(pathname, acceptLanguage, userAgent) {
      const page = pageFor(pathname);
      if (!page) return undefined;
      const name = `${page}.${languageOf(acceptLanguage)}.${layoutOf(userAgent)}.html`;
      return files.has(name) ? path.join(folder, name) : undefined;
    },
  };
}

/**
 * Home and /login get the login page; the map's pages (every path with 'workspace') and the
 * ArcGIS sign-in's return draw no shell, so they get the bare index.html; every other page
 * opens in the shell.
 */
export function pageFor(pathname: string): 'login' | 'shell' | undefined {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (trimmed === paths.home || trimmed === paths.login) return 'login';
  if (trimmed.includes('workspace') || trimmed === paths.esriOAuthCallback) return undefined;
  return 'shell';
}

/**
 * The app's language for a first visit follows the browser's first language (Dutch for `nl`),
 * which is the first entry of Accept-Language. A remembered other choice is the boot script's
 * to notice: it then paints nothing until the app has rendered.
 */
export function languageOf(acceptLanguage = ''): 'en' | 'nl' {
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('nl') ? 'nl' : 'en';
}

/** Phones and small tablets announce themselves (`Mobile`, `Android`); the boot script checks the width itself. */
export const layoutOf = (userAgent = ''): 'mobile' | 'desktop' =>
  /Mobi|Android/i.test(userAgent) ? 'mobile' : 'desktop';
