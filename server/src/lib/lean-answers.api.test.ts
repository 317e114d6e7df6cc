import {
  accountsApi,
  datasourcesApi,
  datasourceTypesApi,
  type Endpoint,
  layersApi,
  userGroupsApi,
  workspacesApi,
} from '@geows/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startApiTest, stopApiTest, type TestApp } from '../test/app.js';
import {
  auth,
  buildAccount,
  buildActiveUser,
  buildWorkspace,
  loginToken,
  type TestUser,
} from '../test/factories.js';
import type { MailServer } from '../test/mail-server.js';

/**
 * The reads registered `lean` (lib/endpoint-routes.ts) print their handler's answer as it is,
 * without the response schema's check. What the schema would have printed is the answer
 * itself, byte for byte: the same keys, in the schema's order, and nothing more.
 */
describe('answers printed without the schema', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let account: { id: number };
  let workspace: { id: number };
  let shareToken: string;
  let datasource: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = aliceToken) => {
    const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
    account = await buildAccount(t, aliceToken, alice.id);
    workspace = await buildWorkspace(t, aliceToken, alice.id, account.id);
    await buildWorkspace(t, aliceToken, alice.id, account.id, 'Second');
    await call('POST', `/api/workspaces/${workspace.id}/editors`, { email: bob.email });
    shareToken = (await call('POST', `/api/workspaces/${workspace.id}/share`, {})).token;
    const types = (await call('GET', '/api/datasourcetypes')).results as { id: number; key: string }[];
    const xyz = types.find((type) => type.key === 'xyz')?.id;
    datasource = (
      await call('POST', '/api/datasources', {
        name: 'Tiles',
        type: xyz,
        account: account.id,
        config: { url: 'https://tiles.example.org/{z}/{x}/{y}.png' },
      })
    ).id;
    const group = await call('POST', '/api/userGroup', { name: 'Surveyors', account: account.id });
    await call('POST', `/api/userGroup/${group.id}/members`, { email: 'someone@example.org' });
    const folder = await call('POST', '/api/layers', { workspace: workspace.id, name: 'Folder' });
    await call('POST', '/api/layers', {
      workspace: workspace.id,
      parent: folder.id,
      name: 'Tiles',
      data_source: datasource,
      user_groups: [group.id],
    });
  });
  afterAll(() => stopApiTest(t, mail));

  const reads: [string, Endpoint, () => string, () => string][] = [
    ['accounts', accountsApi.list, () => '/api/accounts', () => aliceToken],
    ['workspaces', workspacesApi.list, () => `/api/workspaces?account=${account.id}`, () => aliceToken],
    ['workspaces worked in', workspacesApi.list, () => '/api/workspaces?page_size=1', () => aliceToken],
    ['a workspace (admin)', workspacesApi.get, () => `/api/workspaces/${workspace.id}`, () => aliceToken],
    ['a workspace (editor)', workspacesApi.get, () => `/api/workspaces/${workspace.id}`, () => bobToken],
    [
      'a workspace (share link)',
      workspacesApi.get,
      () => `/api/workspaces/${workspace.id}?token=${shareToken}`,
      () => 'none',
    ],
    ['data sources', datasourcesApi.list, () => `/api/datasources?account=${account.id}`, () => aliceToken],
    [
      'data sources (editor, by name)',
      datasourcesApi.list,
      () => `/api/datasources?workspace=${workspace.id}&ordering=name&search=til`,
      () => bobToken,
    ],
    ['data source types', datasourceTypesApi.list, () => '/api/datasourcetypes', () => aliceToken],
    ['layers', layersApi.list, () => `/api/layers?workspace=${workspace.id}`, () => aliceToken],
    ['user groups', userGroupsApi.list, () => `/api/userGroup?account=${account.id}`, () => aliceToken],
  ];

  it.each(reads)('%s: byte for byte what the schema prints', async (_name, endpoint, url, token) => {
    const res = await t.app.inject({ url: url(), headers: auth(token()) });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeGreaterThan(60);
    expect(res.body).toBe(JSON.stringify(z.encode(endpoint.response, JSON.parse(res.body))));
  });

  it('dates a data source in the list as its detail does, to the millisecond', async () => {
    await t.database.db.execute(
      sql`update datasources set updated_at = '2026-01-02 03:04:05.678999+00' where id = ${datasource}`,
    );
    const list = await call('GET', `/api/datasources?account=${account.id}`);
    const detail = await call('GET', `/api/datasources/${datasource}`);
    expect(list.results[0].date_modified).toBe('2026-01-02T03:04:05.678Z');
    expect(detail.date_modified).toBe('2026-01-02T03:04:05.678Z');
  });
});
