// The web build's prerendered first screens (web/scripts/prerender-plugin.ts, web/src/prerender/):
// rendered here from a bare index.html as the build does after its client bundle, then read back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderInto } from '../web/scripts/prerender-plugin.ts';
import { en } from '../web/src/i18n/en.ts';
import { nl } from '../web/src/i18n/nl.ts';

const web = path.resolve(import.meta.dirname, '../web');
const template =
  '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>t</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js"></head>' +
  '<body><div id="root"></div></body></html>';

let dist;
const variant = (name) => fs.readFileSync(path.join(dist, 'prerendered', `${name}.html`), 'utf8');
const rootOf = (html) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
const headOf = (html) => html.slice(0, html.indexOf('</head>'));
const mediaOf = (html) =>
  JSON.parse((/data-media="([^"]*)"/.exec(html)?.[1] ?? '').replaceAll('&quot;', '"'));

beforeAll(async () => {
  // As under `vite build`: the server build's JSX and Node's React are production ones.
  process.env.NODE_ENV = 'production';
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-prerender-test-'));
  fs.writeFileSync(path.join(dist, 'index.html'), template);
  await prerenderInto(web, dist);
}, 120_000);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the prerendered first screens', () => {
  it('are the login page and the shell, in each language and layout', () => {
    expect(fs.readdirSync(path.join(dist, 'prerendered')).sort()).toEqual(
      ['login', 'shell'].flatMap((page) =>
        ['en', 'nl'].flatMap((language) =>
          ['desktop', 'mobile'].map((layout) => `${page}.${language}.${layout}.html`),
        ),
      ),
    );
  });

  it('draw the login form with its heading and fields, in the page language', () => {
    for (const layout of ['desktop', 'mobile']) {
      const html = variant(`login.en.${layout}`);
      expect(html).toMatch(/^<!doctype html><html lang="en" data-prerender="login"/);
      const root = rootOf(html);
      expect(root).toContain(`>${en.auth.loginTitle}</h2>`);
      // A submit before the app has taken over must not put the password in a URL.
      expect(root).toMatch(/<form[^>]* method="post"/);
      expect(root).toMatch(/<input[^>]*autoComplete="username"/);
      expect(root).toMatch(/<input[^>]*autoComplete="current-password"[^>]*type="password"/);
      expect(root).toContain(`>${en.auth.username}</label>`);
      expect(root).toContain(`>${en.auth.password}</label>`);
      expect(root).toContain(`>${en.auth.login}</button>`);
      const dutch = variant(`login.nl.${layout}`);
      expect(dutch).toMatch(/^<!doctype html><html lang="nl" data-prerender="login"/);
      expect(rootOf(dutch)).toContain(`>${nl.auth.loginTitle}</h2>`);
    }
  });

  it('draw the shell with its toolbar and an empty main area, without the login form', () => {
    const root = rootOf(variant('shell.en.desktop'));
    expect(root).toContain('<header');
    expect(root).toMatch(/<main[^>]*id="main-content"[^>]*><\/main>/);
    expect(root).not.toContain('<form');
  });

  it('carry the theme of both colour schemes and the rules of every class they use, in the head', () => {
    for (const name of ['login.en.desktop', 'login.nl.mobile', 'shell.en.mobile']) {
      const html = variant(name);
      const head = headOf(html);
      // The theme's variables: the light scheme's deep orange, and the dark scheme's under .dark.
      expect(head).toContain('--mui-palette-primary-main:#bf4f00');
      expect(head).toMatch(/\.dark\{[^}]*--mui-palette-primary-main:#ffa726/);
      expect(head).toMatch(/<style data-emotion="css [\w -]+">/);
      // Production class names, as the client build's (no labels): hydration adopts them.
      expect(rootOf(html)).not.toMatch(/class="[^"]*css-\w+-Mui/);
      const classes = new Set([...rootOf(html).matchAll(/\bcss-(\w+)/g)].map((m) => m[1]));
      for (const c of classes) expect(head, c).toContain(`.css-${c}`);
      // Emotion's elements are all in the head: the body is what the app's first render draws.
      expect(rootOf(html)).not.toContain('<style');
    }
  });

  it('leave the code of the app to the boot script, which asks for it once the page is painted', () => {
    const html = variant('login.en.mobile');
    expect(html).toContain(' data-entry="/assets/index-abc.js" data-entry-imports="/assets/vendor-abc.js"');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('record the media queries each layout was drawn for', () => {
    expect(mediaOf(variant('login.en.mobile'))).toMatchObject({ '(max-width:760px)': true });
    expect(mediaOf(variant('login.en.desktop'))).toMatchObject({ '(max-width:760px)': false });
  });
});
