import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema.js';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildAccount, buildActiveUser, buildWorkspace, loginToken } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';
import { dashboardCheckTimeoutMs } from './dashboard.service.js';

/*
 * GET /api/workspaces/{id}/dashboard: the dashboards are the tests' own pages on
 * loopback, one path per way of answering. The calls come in on `site`, the origin of
 * the page that would frame them.
 */

const site = 'maps.example.nl';

/** Each path's framing headers; `/stall` sends none and never answers. */
const pages: Record<string, Record<string, string | string[]>> = {
  '/plain': {},
  '/deny': { 'X-Frame-Options': 'DENY' },
  '/sameorigin': { 'X-Frame-Options': 'SAMEORIGIN' },
  '/none': { 'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'" },
  '/ours': { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': `frame-ancestors 'self' http://${site}` },
  '/others': { 'Content-Security-Policy': 'frame-ancestors https://intranet.example.com' },
  '/two-policies': {
    'Content-Security-Policy': [`frame-ancestors http://${site}`, "frame-ancestors 'self'"],
  },
  '/not-found': { 'X-Frame-Options': 'DENY' },
};

function startDashboards() {
  const requests: { path: string; cookie: string | undefined; authorization: string | undefined }[] = [];
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    requests.push({ path, cookie: request.headers.cookie, authorization: request.headers.authorization });
    if (path === '/stall') return; // never answers: the check times out
    const headers = pages[path];
    if (path === '/moved') {
      response.writeHead(302, { Location: '/deny' });
      return response.end();
    }
    response.writeHead(headers && path !== '/not-found' ? 200 : 404, {
      'Content-Type': 'text/html',
      ...headers,
    });
    // A page that goes on and on: the check must not wait for its end.
    response.write('<!doctype html><title>Dashboard</title>');
  });
  return new Promise<{ origin: string; port: number; requests: typeof requests; close(): Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          origin: `http://127.0.0.1:${port}`,
          port,
          requests,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        });
      });
    },
  );
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('GET /api/workspaces/{id}/dashboard', () => {
  let t: TestApp;
  let mail: MailServer;
  let dashboards: Awaited<ReturnType<typeof startDashboards>>;
  let nothing: number;
  let token: string;
  let strangerToken: string;
  let workspace: { id: number };

  const setDashboard = async (url: string) => {
    await t.database.db
      .update(workspaces)
      .set({ workspacePlugins: { bi: { url } } })
      .where(eq(workspaces.id, workspace.id));
  };
  const check = (query = '', as: string | null = token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/workspaces/${workspace.id}/dashboard${query}`,
      headers: { host: site, ...(as ? auth(as) : {}) },
    });
  const checkOf = async (path: string) => {
    await setDashboard(`${dashboards.origin}${path}`);
    const res = await check();
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    dashboards = await startDashboards();
    nothing = await closedPort();
    ({ t, mail } = await startApiTest({
      FETCH_ALLOW_HOSTS: `127.0.0.1:${dashboards.port},127.0.0.1:${nothing}`,
    }));
    const alice = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    strangerToken = await loginToken(t, await buildActiveUser(t, mail));
    const account = await buildAccount(t, token, alice.id, 'Dashboards');
    workspace = await buildWorkspace(t, token, alice.id, account.id, 'Harbour');
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    await dashboards.close();
  });

  it('says a dashboard without framing headers may be framed, having sent no credentials', async () => {
    const url = `${dashboards.origin}/plain`;
    expect(await checkOf('/plain')).toEqual({ url, frameable: true });
    const [sent] = dashboards.requests.filter((r) => r.path === '/plain');
    expect(sent).toEqual({ path: '/plain', cookie: undefined, authorization: undefined });
  });

  it('says X-Frame-Options DENY or SAMEORIGIN refuses, also on an error page or after a redirect', async () => {
    const refused = { frameable: false, reason: 'x-frame-options' };
    expect(await checkOf('/deny')).toMatchObject(refused);
    expect(await checkOf('/sameorigin')).toMatchObject(refused);
    expect(await checkOf('/not-found')).toMatchObject(refused);
    expect(await checkOf('/moved')).toEqual({ url: `${dashboards.origin}/moved`, ...refused });
  });

  it('obeys CSP frame-ancestors: refused unless every policy admits this site, and over X-Frame-Options', async () => {
    const refused = { frameable: false, reason: 'frame-ancestors' };
    expect(await checkOf('/none')).toMatchObject(refused);
    expect(await checkOf('/others')).toMatchObject(refused);
    expect(await checkOf('/two-policies')).toMatchObject(refused);
    expect(await checkOf('/ours')).toEqual({ url: `${dashboards.origin}/ours`, frameable: true });
    // The same page framed by another site of this server.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/workspaces/${workspace.id}/dashboard`,
      headers: { host: 'other.example.nl', ...auth(token) },
    });
    expect(elsewhere.json()).toMatchObject(refused);
  });

  it('asks a dashboard once in a few minutes, however often the panel opens', async () => {
    await checkOf('/sameorigin');
    const before = dashboards.requests.length;
    for (let i = 0; i < 3; i++) expect((await check()).json()).toMatchObject({ frameable: false });
    expect(dashboards.requests.length).toBe(before);
  });

  it('cannot tell (null) for an unreachable server, an address it may not fetch, or none at all', async () => {
    await setDashboard(`http://127.0.0.1:${nothing}/dashboard`);
    expect((await check()).json()).toEqual({
      url: `http://127.0.0.1:${nothing}/dashboard`,
      frameable: null,
      reason: 'unreachable',
    });
    // Not in FETCH_ALLOW_HOSTS: loopback stays out of reach, and nothing is sent.
    await setDashboard(`http://127.0.0.2:${dashboards.port}/deny`);
    expect((await check()).json()).toMatchObject({ frameable: null, reason: 'refused' });
    await setDashboard('');
    expect((await check()).json()).toEqual({ url: '', frameable: null, reason: 'no-dashboard' });
  });

  it('lets a live share link’s token ask without a login; a revoked one, strangers and unknown ids get 404', async () => {
    await setDashboard(`${dashboards.origin}/deny`);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace.id}/share`,
      headers: auth(token),
      payload: {},
    });
    const shared = await check(`?token=${link.json().token}`, null);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ frameable: false, reason: 'x-frame-options' });
    expect((await check('', strangerToken)).statusCode).toBe(404);
    expect((await check('', null)).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/workspaces/999999/dashboard',
      headers: auth(token),
    });
    expect(missing.statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${workspace.id}/share/${link.json().id}`,
      headers: auth(token),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await check(`?token=${link.json().token}`, null)).statusCode).toBe(404);
  });

  it('gives up on a silent server after a few seconds (null), and lets one user ask at most two at once (429)', async () => {
    await setDashboard(`${dashboards.origin}/stall`);
    const started = Date.now();
    const calls = [check(), check()];
    // Both still waiting for the dashboard: the third is refused at once.
    await new Promise((done) => setTimeout(done, 300));
    const third = await check();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    for (const res of await Promise.all(calls))
      expect(res.json()).toMatchObject({ frameable: null, reason: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(dashboardCheckTimeoutMs - 100);
    expect(Date.now() - started).toBeLessThan(dashboardCheckTimeoutMs + 3000);
  });
});
