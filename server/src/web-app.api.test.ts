import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf, layoutOf, pageFor } from './prerendered-page.js';
import { createTestApp, type TestApp } from './test/app.js';

const phone =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('the prerendered first screens (web/src/prerender/)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<html>bare</html>');
    fs.mkdirSync(path.join(webDist, 'prerendered'));
    for (const page of ['login', 'shell']) {
      for (const language of ['en', 'nl']) {
        for (const layout of ['mobile', 'desktop']) {
          const name = `${page}.${language}.${layout}.html`;
          fs.writeFileSync(path.join(webDist, 'prerendered', name), `<html>${name}</html>`);
        }
      }
    }
    // What web/scripts/precompress.mjs writes beside it (marked, to tell the copies apart).
    const login = path.join(webDist, 'prerendered', 'login.en.desktop.html');
    fs.writeFileSync(`${login}.br`, zlib.brotliCompressSync('<html>login.en.desktop.html as br</html>'));
    fs.writeFileSync(`${login}.gz`, zlib.gzipSync('<html>login.en.desktop.html as gz</html>'));
    t = await createTestApp({}, { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } });

  it('sends the login page on / and /login, in the language and layout the browser announces', async () => {
    for (const url of ['/', '/login', '/login/']) {
      expect((await get(url, { 'user-agent': desktop })).body).toBe('<html>login.en.desktop.html</html>');
    }
    const dutchPhone = await get('/', { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8', 'user-agent': phone });
    expect(dutchPhone.body).toBe('<html>login.nl.mobile.html</html>');
    expect(dutchPhone.headers['content-security-policy']).toContain("script-src 'self'");
    expect(dutchPhone.headers.vary).toMatch(/Accept-Language, User-Agent/);
    expect(dutchPhone.headers['cache-control']).toBe('no-cache');
  });

  it('sends the shell on the other pages, and the bare app on the map pages', async () => {
    expect((await get('/account/acme', { 'user-agent': desktop })).body).toBe(
      '<html>shell.en.desktop.html</html>',
    );
    expect((await get('/datasources', { 'accept-language': 'nl' })).body).toBe(
      '<html>shell.nl.desktop.html</html>',
    );
    for (const url of ['/workspace/view/3', '/workspace/3', '/workspace/share/3/abc']) {
      expect((await get(url)).body, url).toBe('<html>bare</html>');
    }
  });

  it('sends a page precompressed when the browser accepts it and the copy exists', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br', 'user-agent': desktop });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(
      '<html>login.en.desktop.html as br</html>',
    );
    const gzip = await get('/', { 'accept-encoding': 'gzip', 'user-agent': desktop });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('<html>login.en.desktop.html as gz</html>');
    const noCopy = await get('/login', { 'accept-encoding': 'br', 'user-agent': phone });
    expect(noCopy.headers['content-encoding']).toBeUndefined();
    expect(noCopy.body).toBe('<html>login.en.mobile.html</html>');
  });
});

describe('which prerendered page a request gets', () => {
  it('picks the page by path', () => {
    expect(pageFor('/')).toBe('login');
    expect(pageFor('')).toBe('login');
    expect(pageFor('/login/')).toBe('login');
    expect(pageFor('/account/acme')).toBe('shell');
    expect(pageFor('/register')).toBe('shell');
    expect(pageFor('/workspace/view/1')).toBeUndefined();
    expect(pageFor('/esri-oauth-callback')).toBeUndefined();
  });

  it('follows the first language of Accept-Language, as the app follows navigator.language', () => {
    expect(languageOf('nl-BE,en;q=0.5')).toBe('nl');
    expect(languageOf('NL')).toBe('nl');
    expect(languageOf('en-US,nl;q=0.9')).toBe('en');
    expect(languageOf('de')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('takes phones and small tablets for the mobile layout', () => {
    expect(layoutOf(phone)).toBe('mobile');
    expect(layoutOf(desktop)).toBe('desktop');
    expect(layoutOf(undefined)).toBe('desktop');
  });
});
