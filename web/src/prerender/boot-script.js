// Runs before the first paint: a classic script at the top of <head> (the CSP allows no inline
// script). The prerender plugin (web/scripts/prerender-plugin.ts) emits it as a hashed asset.
(() => {
  const root = document.documentElement;
  const stored = (key, area = 'localStorage') => {
    try {
      return window[area].getItem(key);
    } catch {
      return null;
    }
  };
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;

  // The colour scheme class, as MUI's InitColorSchemeScript would set it (app/theme.ts: class
  // selector, the choice under 'theme', else the system's preference).
  const mode = stored('theme');
  root.classList.add(mode === 'dark' || (mode !== 'light' && dark) ? 'dark' : 'light');

  // A prerendered page is taken over (hydrated) only if the app's first render draws exactly it:
  // the same language (i18n/languages.ts), signed in for the shell and out for the login page,
  // the same answers to the media queries its layout asked, and no session ended in this tab (the
  // login then says why: features/auth/session-store.ts). Otherwise it stays unpainted until the
  // app has rendered, rather than flash another language or menu, or lose what was typed when a
  // mismatched page is thrown away.
  const page = root.dataset.prerender;
  if (page) {
    let language = stored('language');
    if (language !== 'en' && language !== 'nl') language = /^nl/i.test(navigator.language) ? 'nl' : 'en';
    const signedIn = Boolean(stored('token'));
    let media = {};
    try {
      media = JSON.parse(root.dataset.media || '{}');
    } catch {}
    const same =
      language === root.lang &&
      signedIn === (page === 'shell') &&
      stored('sessionEnded', 'sessionStorage') === null &&
      Object.keys(media).every((query) => matchMedia(query).matches === media[query]);
    root.dataset.handoff = same ? 'hydrate' : 'render';
  }

  const whenParsed = (then) => {
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', then, { once: true });
    else then();
  };

  // An account page's heading, drawn from the early accounts answer before the app's code has run
  // (prerender/early-screen.ts): a copy of the prerendered template, laid over the empty main area
  // where the app will draw the same heading, and dropped by the app when it does.
  const drawEarlyScreen = (account) => {
    const template = document.getElementById('early-screen-template');
    const main = document.getElementById('main-content');
    // Nothing to stand in for once the app has drawn something there (this page, or another).
    if (!(template instanceof HTMLTemplateElement) || !main || main.firstElementChild) return;
    const screen = template.content.firstElementChild?.cloneNode(true);
    if (!(screen instanceof HTMLElement)) return;
    for (const [name, text] of [
      ['title', account.name],
      ['intro', account.description],
    ]) {
      const slot = screen.querySelector(`[data-early-slot="${name}"]`);
      // As the app's screen: text, never markup; no line at all for an empty description.
      if (text) slot?.replaceWith(String(text));
      else slot?.parentElement?.remove();
    }
    const box = main.getBoundingClientRect();
    screen.id = 'early-screen';
    screen.dataset.path = location.pathname;
    screen.setAttribute('aria-hidden', 'true');
    screen.style.cssText = `position:absolute;top:${box.top + scrollY}px;left:${box.left + scrollX}px;width:${box.width}px;pointer-events:none`;
    document.body.append(screen);
  };

  // A signed-in page's first reads, started as the page arrives rather than once the app's code has
  // loaded and run (api/early-reads.ts, which the app takes them from): the accounts and the user
  // the guards ask for, and on an account page its workspaces. The addresses are the app's own,
  // character for character (api/early-reads.test.tsx); each answer is the app's to read.
  const token = stored('token');
  // Settles once an account page's early heading is drawn, or will not be (see the app's code below).
  let earlyScreen = Promise.resolve();
  if (page && token) {
    const responses = {};
    const read = (url) => {
      const headers = { Accept: 'application/json', Authorization: `Token ${token}` };
      const response = fetch(url, { headers, credentials: 'include' });
      const copy = response.then((answer) => answer.clone());
      // A failure is the app's to see when it takes the answer; untaken, it is no error of the page.
      for (const settled of [response, copy]) settled.catch(() => {});
      responses[url] = copy;
      return response;
    };
    const accounts = read('/api/accounts?page_size=1000');
    read('/api/users');
    const slug = /^\/account\/([^/]+)\/?$/.exec(location.pathname)?.[1];
    if (slug) {
      earlyScreen = accounts
        .then((answer) => (answer.ok ? answer.json() : null))
        .then((list) => {
          const account = list?.results?.find((candidate) => candidate.slug === decodeURIComponent(slug));
          if (!account) return;
          read(`/api/workspaces?account=${account.id}&page_size=1000`);
          if (root.dataset.handoff !== 'hydrate') return;
          return new Promise((drawn) =>
            whenParsed(() => {
              try {
                drawEarlyScreen(account);
              } finally {
                drawn();
              }
            }),
          );
        })
        .catch(() => {});
    }
    window.earlyReads = { token, responses };
  }

  // The app's code, for a prerendered page (page-html.ts): once the page is painted when it is
  // taken over as it is, else at once. On an account page, once its early heading is painted too
  // (Lighthouse mobile 87 → 9x: the 200 KB of code no longer share the line with the accounts
  // answer the heading waits for), but never more than a second after the page began: a slow
  // answer does not hold the app back.
  const entry = root.dataset.entry;
  if (entry) {
    const load = () => {
      for (const href of (root.dataset.entryImports || '').split(' ').filter(Boolean)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.append(script);
    };
    // The first animation frame comes once the page can be drawn; the task after it, once it is.
    if (root.dataset.handoff === 'hydrate') {
      const atMost = new Promise((waited) => setTimeout(waited, 1000));
      Promise.race([earlyScreen, atMost]).then(() => requestAnimationFrame(() => setTimeout(load)));
    } else load();
  }

  // Until the app has taken the page over, a click on a button (a login submitted by click or
  // Enter, which clicks the form's button) is held and handed to the app (take-over.tsx), which
  // clicks again; a form without a button is simply not sent: it would be a plain form post.
  const held = [];
  window.heldClicks = held;
  document.addEventListener(
    'click',
    (event) => {
      if ('app' in root.dataset) return;
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button) return;
      event.preventDefault();
      if (!held.includes(button)) held.push(button);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (!('app' in root.dataset)) event.preventDefault();
    },
    true,
  );
})();
