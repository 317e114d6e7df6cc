import './lib/zod-without-eval';
import './app/fonts';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/app';
import { bareHostUrl } from './app/bare-host';
import { createRouter } from './app/router';
import { startUp } from './app/start-up';
import { handleUnauthorized } from './features/auth';
import { deriveSiteName } from './features/sites';
import { setupI18n } from './i18n/setup';
import { yieldToMain } from './lib/yield-to-main';
import { firstRoutes, type PrerenderedPage, prerenderedPages } from './prerender/first-routes';
import { prerenderHost } from './prerender/prerender-host';
import { TakeOver, typedValues } from './prerender/take-over';

/** The prerendered page in #root that boot-script.js found this browser draws the same, if any. */
function pageToHydrate(): PrerenderedPage | undefined {
  const { prerender, handoff } = document.documentElement.dataset;
  return handoff === 'hydrate' ? prerenderedPages.find((page) => page === prerender) : undefined;
}

/** The home link's name is the one host-derived text of the prerendered shell: this host's, not the build's. */
function renameHomeLink(root: HTMLElement): void {
  const built = i18next.t('shell.homeLink', { siteName: deriveSiteName(prerenderHost) });
  const link = root.querySelector(`a[aria-label="${CSS.escape(built)}"]`);
  link?.setAttribute(
    'aria-label',
    i18next.t('shell.homeLink', { siteName: deriveSiteName(window.location.host) }),
  );
}

/**
 * Starts the app. Not at the module's top level: the route code it may wait for imports Vite's
 * preload helper from this entry chunk, which would wait for this module in turn.
 */
async function start() {
  const queryClient = createQueryClient();
  const page = pageToHydrate();
  // The prerendered page's screen code loads while the texts do.
  const prerendered = page ? firstRoutes(queryClient, page, window.location.pathname) : undefined;
  await setupI18n();
  // The modules' evaluation in a task of its own, the router's first navigation and the first
  // render in the next: together they were one long task after the first paint. Not between the
  // last two: an answer arriving in between (the site, the accounts) would make the first render
  // differ from the prerendered page, which React then throws away.
  await yieldToMain();
  const router = prerendered
    ? await prerendered.then(({ routes, hydrationData }) => createBrowserRouter(routes, { hydrationData }))
    : createRouter(queryClient);
  // A 401 to the stored token anywhere: the session is over, log in again, then come back
  // to the page being shown (or being opened, when its loading was refused).
  setUnauthorizedHandler(
    () =>
      void handleUnauthorized(
        queryClient,
        (to, options) => router.navigate(to, options),
        () => router.state.navigation.location ?? router.state.location,
      ),
  );
  startUp(queryClient);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const typed = page ? typedValues(root) : [];
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
      <TakeOver typed={typed} />
    </StrictMode>
  );
  if (page) {
    // The server sent this page drawn (src/prerender/): the app adopts its markup and styles.
    // Hydrated at once, not in a transition: a transition yields between slices, and an answer
    // arriving meanwhile (the site, the accounts) would make the rest of the first render differ
    // from the markup (React error 418), which React then throws away.
    renameHomeLink(root);
    hydrateRoot(root, app);
  } else {
    // Nothing drawn, or drawn for another language, sign-in state or window: rendered afresh, in
    // a transition, so that the first render yields to the browser every few milliseconds
    // instead of holding the main thread for all of it.
    const fresh = createRoot(root);
    startTransition(() => fresh.render(app));
  }
}

const bare = bareHostUrl(window.location.href);
if (bare) window.location.replace(bare);
else void start();
