import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildAccount, buildActiveUser, loginToken, type TestUser } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';

const verifier = 'v'.repeat(43);

/**
 * An ArcGIS portal on loopback: its token endpoint answers the authorization-code and
 * refresh grants as ArcGIS does (HTTP 200 with an `error` object when it refuses), and
 * a MapServer that wants the current token.
 */
function startFakePortal() {
  const grants: Record<string, string>[] = [];
  let currentToken = 'tok-1';
  let refreshWorks = true;
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://portal');
    let body = '';
    for await (const chunk of request) body += chunk;
    const json = (value: unknown) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (url.pathname === '/portal/sharing/rest/oauth2/token' && request.method === 'POST') {
      const form = Object.fromEntries(new URLSearchParams(body));
      grants.push(form);
      if (form.client_id !== 'app-1')
        return json({ error: { code: 400, error: 'invalid_request', message: 'Invalid client_id' } });
      if (form.grant_type === 'authorization_code') {
        if (form.code !== 'good-code' || form.code_verifier !== verifier)
          return json({
            error: { code: 400, error: 'invalid_grant', message: 'Invalid authorization code' },
          });
        currentToken = 'tok-1';
        // 30 s: inside the server's refresh margin, so the next use refreshes it.
        return json({
          access_token: 'tok-1',
          expires_in: 30,
          refresh_token: 'ref-1',
          username: 'esri_planner',
        });
      }
      if (form.grant_type === 'refresh_token' && form.refresh_token === 'ref-1' && refreshWorks) {
        currentToken = 'tok-2';
        return json({ access_token: 'tok-2', expires_in: 1800, username: 'esri_planner' });
      }
      return json({ error: { code: 498, error: 'invalid_token', message: 'Invalid refresh token' } });
    }
    if (url.pathname === '/server/rest/services/Zoning/MapServer') {
      if (url.searchParams.get('token') !== currentToken)
        return json({ error: { code: 499, message: 'Token Required', details: [] } });
      return json({
        mapName: 'Zoning',
        layers: [{ id: 0, name: 'Zones' }],
        fullExtent: { xmin: 4.7, ymin: 52.2, xmax: 5.1, ymax: 52.5, spatialReference: { wkid: 4326 } },
      });
    }
    response.writeHead(404).end();
  });
  return new Promise<{
    origin: string;
    port: number;
    grants: typeof grants;
    breakRefresh(): void;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        port,
        grants,
        breakRefresh: () => {
          refreshWorks = false;
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

describe('Sign in with ArcGIS', () => {
  let t: TestApp;
  let mail: MailServer;
  let portal: Awaited<ReturnType<typeof startFakePortal>>;
  let alice: TestUser;
  let bob: TestUser;
  let token: string;
  let bobToken: string;
  let source: { id: number; account: number };

  /** The details of the source's secret changes in its account's audit trail, newest first. */
  const arcgisEvents = async () => {
    const res = await t.app.inject({ url: `/api/accounts/${source.account}/events`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/tok-1|ref-1/);
    return (res.json().results as { kind: string; object_id: number | null; details: unknown }[])
      .filter((event) => event.kind === 'datasource_secrets_changed' && event.object_id === source.id)
      .map((event) => event.details);
  };
  const signIn = (id: number, payload: Record<string, unknown>, as = token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/datasources/${id}/arcgis-sign-in`,
      headers: auth(as),
      payload,
    });
  const exchange = {
    code: 'good-code',
    code_verifier: verifier,
    redirect_uri: 'http://127.0.0.1:8000/esri-oauth-callback',
  };

  beforeAll(async () => {
    portal = await startFakePortal();
    ({ t, mail } = await startApiTest({ FETCH_ALLOW_HOSTS: `127.0.0.1:${portal.port}` }));
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    token = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    const account = await buildAccount(t, token, alice.id, 'Esri users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/datasources',
      headers: auth(token),
      payload: {
        name: 'Zoning',
        type: 6,
        account: account.id,
        config: {
          url: `${portal.origin}/server/rest/services/Zoning/MapServer`,
          portal: `${portal.origin}/portal`,
          clientId: 'app-1',
        },
      },
    });
    source = res.json();
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    await portal.close();
  });

  it('exchanges the code with its PKCE verifier and keeps the token with the source, never answering it', async () => {
    const res = await signIn(source.id, exchange);
    expect(res.statusCode).toBe(200);
    expect(res.json().arcgis).toEqual({ username: 'esri_planner', expires: expect.any(String) });
    expect(res.body).not.toMatch(/tok-1|ref-1/);
    expect(portal.grants.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'app-1',
      code: 'good-code',
      code_verifier: verifier,
      redirect_uri: exchange.redirect_uri,
    });
    const read = await t.app.inject({ url: `/api/datasources/${source.id}`, headers: auth(token) });
    expect(read.json().arcgis.username).toBe('esri_planner');
    expect(read.body).not.toMatch(/tok-1|ref-1/);
    // The account's audit trail: a person signing in changed the source's secrets (named, not shown).
    expect(await arcgisEvents()).toEqual([{ arcgis: 'set' }]);
  });

  it('refreshes a token that runs out when the service is reached, and keeps the sign-in across edits', async () => {
    const inspect = await t.app.inject({
      method: 'POST',
      url: '/api/datasources/inspect',
      headers: auth(token),
      payload: {
        type: 6,
        config: { url: `${portal.origin}/server/rest/services/Zoning/MapServer` },
        datasource: source.id,
      },
    });
    expect(inspect.statusCode).toBe(200);
    expect(inspect.json().title).toBe('Zoning');
    expect(portal.grants.at(-1)).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'ref-1' });
    // A refresh by the server is routine: no new event.
    expect(await arcgisEvents()).toEqual([{ arcgis: 'set' }]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/datasources/${source.id}`,
      headers: auth(token),
      payload: { name: 'Zoning plan' },
    });
    expect(renamed.json().arcgis.username).toBe('esri_planner');
  });

  it("says so when the portal refuses, when the source is not set up for it, and hides other admins' sources", async () => {
    const wrong = await signIn(source.id, { ...exchange, code: 'stolen-code' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('ArcGIS did not sign you in: Invalid authorization code');
    expect((await signIn(source.id, exchange, bobToken)).statusCode).toBe(404);
    expect(
      (await signIn(source.id, { code: 'x', code_verifier: 'short', redirect_uri: 'x' })).statusCode,
    ).toBe(400);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/datasources',
      headers: auth(token),
      payload: {
        name: 'Tiles',
        type: 4,
        account: (await buildAccount(t, token, alice.id, 'Other')).id,
        config: { url: 'https://x.example.org/tileset.json' },
      },
    });
    const notArcgis = await signIn(plain.json().id, exchange);
    expect(notArcgis.statusCode).toBe(400);
    expect(notArcgis.json().detail).toMatch(/portal URL and the app client id/);
  });

  it('asks to sign in again when the refresh is refused, and ends the sign-in when the portal changes', async () => {
    await signIn(source.id, exchange);
    portal.breakRefresh();
    const inspect = await t.app.inject({
      method: 'POST',
      url: '/api/datasources/inspect',
      headers: auth(token),
      payload: {
        type: 6,
        config: { url: `${portal.origin}/server/rest/services/Zoning/MapServer` },
        datasource: source.id,
      },
    });
    expect(inspect.statusCode).toBe(400);
    expect(inspect.json().detail).toBe(
      'The ArcGIS sign-in of this data source has expired. Sign in with ArcGIS again.',
    );
    const read = await t.app.inject({ url: `/api/datasources/${source.id}`, headers: auth(token) });
    expect(read.json().arcgis).toBeNull();

    await signIn(source.id, { ...exchange });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/datasources/${source.id}`,
      headers: auth(token),
      payload: {
        config: {
          url: `${portal.origin}/server/rest/services/Zoning/MapServer`,
          portal: 'https://www.arcgis.com',
          clientId: 'app-1',
        },
      },
    });
    expect(moved.json().arcgis).toBeNull();
  });
});
