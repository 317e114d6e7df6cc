import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { allEndpoints, api } from '@geows/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';

/** The HTTP conventions of docs/api.md that every endpoint shares. */
describe('HTTP conventions', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>app</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    // What web/scripts/precompress.mjs writes beside a large file (here: marked copies, to tell them apart).
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js'), 'console.log("plain")');
    fs.writeFileSync(
      path.join(webDist, 'assets', 'big-abc123.js.br'),
      zlib.brotliCompressSync('console.log("br")'),
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync('console.log("gz")'));
    t = await createTestApp({}, { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /healthz with 200 once the database answers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 on /healthz when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    await broken.app.close();
  });

  it('answers an unknown API path with a 404 JSON detail, with or without a trailing slash', async () => {
    for (const url of ['/api/nothing-here', '/api/nothing-here/', '/auth/nothing']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers a known path with the wrong method with 405 and the allowed methods', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/datasourcetypes/' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
    expect(res.headers.allow).toContain('GET');
  });

  it('answers a malformed JSON body with a 400 detail and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { 'content-type': 'application/json' },
      payload: '{"site": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error: the request body is not valid JSON.' });
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('refuses text with NUL characters field by field, before it reaches the database', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'a\u0000b', password: 'x\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['Null characters are not allowed.'],
      password: ['Null characters are not allowed.'],
    });
  });

  it('redirects a www. host to the bare host, keeping the path and query', async () => {
    const res = await t.app.inject({ url: '/account/acme?x=1', headers: { host: 'www.maps.example.org' } });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('http://maps.example.org/account/acme?x=1');
  });

  it('serves the single-page app for deep links, uncached, with a strict CSP', async () => {
    for (const url of ['/', '/workspace/view/3', '/password-reset/4/abc-def', '/no/such/page']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    }
  });

  it('serves hashed assets with a long cache, and a missing asset as 404 rather than the app', async () => {
    const asset = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the precompressed copy of a file that the browser accepts, and the file itself otherwise', async () => {
    const br = await t.app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("br")');
    const gz = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log("gz")');
    const plain = await t.app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
  });

  it('compresses JSON answers above 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const big = await t.app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const plain = await t.app.inject({ url: '/api/docs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3\./);
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers, and no referrer', async () => {
    const res = await t.app.inject({ url: '/api/datasourcetypes' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("keeps the app's own pop-ups connected, and lets the ArcGIS callback reach its opener", async () => {
    const page = await t.app.inject({ url: '/datasources', headers: { accept: 'text/html' } });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const callback = await t.app.inject({
      url: '/esri-oauth-callback?code=abc&state=xyz',
      headers: { accept: 'text/html' },
    });
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it('describes the API as OpenAPI at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/sites', '/api/datasourcetypes']));
  });

  it("serves and documents exactly the contract's endpoint table, with its schemas", async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; summary?: string }>>;
    };
    const methods = ['get', 'post', 'put', 'patch', 'delete'];
    const served = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => methods.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const table = allEndpoints.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.sort()).toEqual(table.sort());
    const login = doc.paths['/auth/login/']?.post;
    expect(login?.summary).toBe(api.auth.login.summary);
    expect(login?.requestBody).toBeDefined();
  });
});
