import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { allEndpoints, paths } from '@geows/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import {
  auth,
  buildAccount,
  buildActiveUser,
  buildWorkspace,
  loginToken,
  type TestUser,
} from './test/factories.js';
import { type MailServer, startMailServer } from './test/mail-server.js';

/** A Content-Security-Policy header as its directives: name → sources. */
function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The headers every answer carries, whatever its type. */
function expectBaseHeaders(res: LightMyRequestResponse, label: string) {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('no-referrer');
  const csp = cspDirectives(String(res.headers['content-security-policy'] ?? ''));
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toBeDefined();
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).not.toContain('*');
}

/**
 * What every HTML answer must carry (issue 25, §7): a policy that runs no inline script
 * (no 'unsafe-inline' or 'unsafe-eval', no data:, blob: or wildcard script sources;
 * WebAssembly compilation is not a script), plugins off, the base URL pinned, and
 * framing limited; plus `nosniff` and a referrer policy.
 */
function expectSafeHtml(res: LightMyRequestResponse, label: string) {
  expect(res.headers['content-type'], label).toMatch(/^text\/html/);
  expectBaseHeaders(res, label);
  const csp = cspDirectives(String(res.headers['content-security-policy']));
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${label}: script-src`).toBeDefined();
  for (const unsafe of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    '*',
    'data:',
    'blob:',
    'http:',
    'https:',
  ])
    expect(scripts, `${label}: script-src ${unsafe}`).not.toContain(unsafe);
  const objects = csp.get('object-src') ?? csp.get('default-src');
  expect(objects, `${label}: object-src`).toEqual(["'none'"]);
  if (!csp.get('sandbox')) expect(csp.get('base-uri'), `${label}: base-uri`).toEqual(["'self'"]);
}

const indexHtml = '<!doctype html><title>app</title><div id="root"></div>';

describe('every HTML answer carries a strict policy, nosniff, a referrer policy and frame-ancestors', () => {
  let t: TestApp;
  let mail: MailServer;
  let webDist: string;
  let token: string;
  let user: TestUser;
  const sample: Record<string, string> = { uid: 'MTI', token: 'bogus-token', slug: 'acme-maps', id: '1' };
  let featureInfo = '';

  // A WMS on loopback whose feature info is an HTML page with a script in it.
  const upstream = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    if (url.searchParams.get('REQUEST') === 'GetFeatureInfo')
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<table><tr><td>Dike 7</td></tr></table><script>alert(1)</script>');
    return response.writeHead(404).end();
  });

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    mail = await startMailServer();
    t = await createTestApp({ SMTP_URL: mail.url, FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` }, { webDist });

    user = await buildActiveUser(t, mail);
    token = await loginToken(t, user);
    const account = await buildAccount(t, token, user.id, 'Acme Maps');
    const workspace = await buildWorkspace(t, token, user.id, account.id);
    // A dashboard beside the map: the map routes' policy then frames its origin.
    const read = await t.app.inject({ url: `/api/workspaces/${workspace.id}`, headers: auth(token) });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${workspace.id}`,
      headers: auth(token),
      payload: {
        version: read.json().version,
        workspacePlugins: JSON.stringify({ bi: { url: 'https://bi.example.org/board' } }),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const share = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace.id}/share`,
      headers: auth(token),
      payload: { label: 'Public' },
    });
    const source = await t.app.inject({
      method: 'POST',
      url: '/api/datasources',
      headers: auth(token),
      payload: {
        name: 'Dikes',
        type: 1,
        account: account.id,
        // A password: the browser then reaches the service only through this server's proxy.
        config: {
          url: `http://127.0.0.1:${port}/wms`,
          layers: 'dikes',
          username: 'ops',
          password: 'pw-0451',
        },
      },
    });
    expect(source.statusCode, source.body).toBe(201);
    const layer = await t.app.inject({
      method: 'POST',
      url: '/api/layers',
      headers: auth(token),
      payload: { workspace: workspace.id, name: 'Dikes', data_source: source.json().id },
    });
    const sources = await t.app.inject({
      url: `/api/layers/sources?workspace=${workspace.id}`,
      headers: auth(token),
    });
    const wms = (sources.json().results as { layer: number; config: { url: string } }[]).find(
      (s) => s.layer === layer.json().id,
    );
    expect(wms?.config.url).toMatch(/^\/api\//);
    featureInfo = `${wms?.config.url}?REQUEST=GetFeatureInfo&QUERY_LAYERS=dikes`;
    Object.assign(sample, { id: String(workspace.id), slug: account.slug, token: share.json().token });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
    upstream.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml', ...headers } });
  const routeUrl = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => sample[name] ?? '1');

  it("answers every route of the web app's table, with and without a trailing slash, logged in or not", async () => {
    const urls = Object.values(paths).flatMap((pattern) => {
      const url = routeUrl(pattern);
      return url === '/' ? [url, '/?next=x'] : [url, `${url}/`, `${url}?view=1`];
    });
    expect(urls.length).toBeGreaterThan(60);
    for (const url of urls) {
      for (const headers of [{}, auth(token)]) {
        const res = await page(url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(indexHtml);
        expectSafeHtml(res, url);
      }
      const head = await t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
      expectSafeHtml(head, `HEAD ${url}`);
    }
  });

  it("gives the map routes their own policy: WebAssembly and the dashboard's frame, and still no inline script", async () => {
    for (const pattern of [paths.workspace, paths.editWorkspace, paths.publicWorkspace]) {
      const url = routeUrl(pattern);
      const res = await page(url);
      expectSafeHtml(res, url);
      const csp = cspDirectives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src'), url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('frame-src'), url).toEqual(["'self'", 'https://bi.example.org']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
    }
    // Other pages frame nothing but themselves.
    const profile = cspDirectives(String((await page(paths.profile)).headers['content-security-policy']));
    expect(profile.get('script-src')).toEqual(["'self'"]);
    expect(profile.get('frame-src')).toBeUndefined();
  });

  it('answers unknown pages with the app under the same policy', async () => {
    for (const url of ['/no/such/page', '/workspace/view/999999', '/account/', '/%3Cscript%3E']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expectSafeHtml(res, url);
    }
  });

  it('never answers an API call with HTML, even to a browser asking for it, and sends the headers on every answer', async () => {
    const gets = allEndpoints.filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(20);
    // A token of its own: the logout among these calls revokes it.
    const own = await loginToken(t, user);
    for (const endpoint of gets) {
      const url = routeUrl(endpoint.path);
      for (const headers of [{}, auth(own)]) {
        const res = await page(url, headers);
        const label = `${url} ${res.statusCode}`;
        expect(res.headers['content-type'] ?? '', label).not.toMatch(/html/);
        expect(res.statusCode, label).toBeLessThan(500);
        expectBaseHeaders(res, label);
      }
    }
  });

  it("passes a WMS's HTML feature info only as a sandboxed, script-less attachment", async () => {
    const res = await t.app.inject({ url: featureInfo, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expectSafeHtml(res, featureInfo);
    const csp = cspDirectives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('sandbox')).toEqual([]);
    expect(res.headers['content-disposition']).toBe('attachment');
  });

  it('sends the headers with the answer of an app that is not built yet', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-web-empty-'));
    const unbuilt = await createTestApp({}, { webDist: empty });
    try {
      const res = await unbuilt.app.inject({ url: '/profile', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expectBaseHeaders(res, 'unbuilt');
    } finally {
      await unbuilt.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
