import './node-globals';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { App } from '../app/app';
import { startUp } from '../app/start-up';
import { AppThemeProvider } from '../app/theme-provider';
import { type Language, languages } from '../i18n/languages';
import { EarlyScreenTemplate } from './early-screen-template';
import { extractStyles } from './extract-styles';
import { firstRoutes, type PrerenderedPage, prerenderedPages } from './first-routes';
import { askedMedia, prerenderStorage, setPage } from './node-globals';
import { type Layout, layouts, pageHtml, variantFile } from './page-html';
import { setupPrerenderI18n } from './prerender-i18n';

/** The path each page is rendered at; the shell is the same on every signed-in page outside the map. */
const pagePaths: Record<PrerenderedPage, string> = { login: '/', shell: '/account/prerender' };

/** The viewport width each layout is rendered for (the toolbar asks matchMedia which menu fits). */
const layoutWidths: Record<Layout, number> = { mobile: 375, desktop: 1280 };

export type RenderedPage = {
  markup: string;
  /** What the page keeps beside #root for the boot script: the shell's early heading (early-screen.ts). */
  templates: string;
  styles: string;
  media: Record<string, boolean>;
};

/**
 * One page as the browser's first render draws it, by the app's own components: the markup of
 * #root, the Emotion styles it uses (the theme's variables for both colour schemes included) and
 * the media queries its layout depends on; for the shell, the template of an account page's heading
 * (early-screen-template.tsx). Nothing user-specific: the shell is rendered for a
 * stand-in token, before any answer has arrived.
 */
export async function renderPage(
  page: PrerenderedPage,
  language: Language,
  layout: Layout,
): Promise<RenderedPage> {
  const path = pagePaths[page];
  setPage(path, layoutWidths[layout]);
  prerenderStorage.clear();
  if (page === 'shell') prerenderStorage.setItem('token', 'prerender');
  await setupPrerenderI18n(language);

  const queryClient = createQueryClient();
  const { routes, hydrationData } = await firstRoutes(queryClient, page, path);
  const router = createMemoryRouter(routes, { initialEntries: [path], hydrationData });
  startUp(queryClient);
  try {
    const html = renderToString(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
    const templates =
      page === 'shell'
        ? renderToString(
            <AppThemeProvider>
              <EarlyScreenTemplate />
            </AppThemeProvider>,
          )
        : '';
    const { markups, styles } = extractStyles(html, templates);
    return { markup: markups[0] ?? '', templates: markups[1] ?? '', styles, media: askedMedia() };
  } finally {
    router.dispose();
  }
}

/** Every prerendered variant of the built index.html (`template`): page × language × layout. */
export async function prerenderAll(template: string): Promise<{ file: string; html: string }[]> {
  const files: { file: string; html: string }[] = [];
  for (const page of prerenderedPages) {
    for (const language of languages) {
      for (const layout of layouts) {
        const rendered = await renderPage(page, language, layout);
        files.push({
          file: variantFile({ page, language, layout }),
          html: pageHtml(template, rendered, { page, language }),
        });
      }
    }
  }
  return files;
}
