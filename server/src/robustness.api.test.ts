import { jsonTooDeep } from '@geows/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from './test/app.js';
import { auth, buildAccount, buildActiveUser, buildWorkspace, loginToken } from './test/factories.js';
import type { MailServer } from './test/mail-server.js';

/**
 * "Nothing a user types can produce a 500": every documented operation, signed in
 * and not, with hostile path parameters, query strings and bodies.
 */
describe('every endpoint under hostile input', () => {
  let t: TestApp;
  let mail: MailServer;
  let token: string;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }));
    const user = await buildActiveUser(t, mail);
    token = await loginToken(t, user);
    await buildAccount(t, token, user.id);
  });
  afterAll(() => stopApiTest(t, mail));

  const hostileValues: unknown[] = [
    null,
    true,
    -1,
    0,
    1e308,
    2 ** 53 + 2,
    2_147_483_648,
    '2147483648',
    '',
    ' ',
    'x'.repeat(100_000),
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '\u0000',
    '💥',
    [],
    {},
    { $gt: '' },
    ['a', { b: 1 }],
  ];
  const hostileParams = [
    '0',
    '-1',
    'abc',
    '99999999999999999999',
    '%00',
    '..%2F..',
    'x'.repeat(3000),
    '1.5',
    '💥',
  ];
  const hostileBodies = (fields: string[]): unknown[] => [
    {},
    [],
    'just a string',
    42,
    ...hostileValues.map((value) => Object.fromEntries(fields.map((field) => [field, value]))),
  ];

  it('refuses absurdly nested JSON with a 400', async () => {
    let nested = '"x"';
    for (let i = 0; i < 50_000; i++) nested = `[${nested}]`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: `{"username": ${nested}, "password": "x"}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('never answers 500', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
      >;
    };
    const failures: string[] = [];
    let requests = 0;
    for (const [pattern, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const fields = Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        );
        const params = pattern.match(/\{\w+\}/g) ?? [];
        const urls =
          params.length === 0
            ? [pattern]
            : hostileParams.map((value) => pattern.replace(/\{\w+\}/g, encodeURIComponent(value)));
        for (const url of urls) {
          for (const headers of [auth(token), {}]) {
            const bodies = ['post', 'put', 'patch'].includes(method) ? hostileBodies(fields) : [undefined];
            for (const body of bodies) {
              for (const query of [
                '',
                '?account=abc&workspace=-1&site=%00&token=x',
                '?account=2147483648&workspace=9999999999',
              ]) {
                requests++;
                const res = await t.app.inject({
                  method: method.toUpperCase() as 'GET',
                  url: `${url}${query}`,
                  headers: {
                    ...headers,
                    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
                });
                if (res.statusCode >= 500)
                  failures.push(
                    `${method.toUpperCase()} ${url}${query} ${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
                  );
              }
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 240_000);
});

/**
 * Input that is merely bad (issue 22, item 5): a 400 naming the field, never a 500 —
 * and no stack trace in any message.
 */
describe('bad input that once reached a 500', () => {
  let t: TestApp;
  let mail: MailServer;
  let token: string;
  let account: number;
  let workspace: number;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }));
    const user = await buildActiveUser(t, mail);
    token = await loginToken(t, user);
    account = (await buildAccount(t, token, user.id)).id;
    workspace = (await buildWorkspace(t, token, user.id, account)).id;
  });
  afterAll(() => stopApiTest(t, mail));

  const send = (method: 'POST' | 'PATCH', url: string, payload: string | object) =>
    t.app.inject({
      method,
      url,
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const noStackTrace = (body: string) => expect(body).not.toMatch(/\bat \S+ \(|node:internal|\.[jt]s:\d+/);
  /** `{"a": [[…"x"…]]}` nested `depth` levels deep. */
  const nestedText = (depth: number) => `{"a": ${'['.repeat(depth - 1)}"x"${']'.repeat(depth - 1)}}`;

  // None of these is a URL `new URL()` can read: each is refused before any fetch.
  const unreadableUrls = [
    'http://127.0.0.1:8642:8643/',
    'http://[::1',
    'http://[::1]:99999/',
    'http://[fe80::1%25lo]/',
    'http://[fe80::1%lo]/',
    'http://',
    'http://:80',
    'http://a b/',
    'http://exa mple.org/wms',
    'http://[1.2.3.4]/',
    'https://example.org:port/',
    `http://[${'1:'.repeat(100)}]/`,
  ];

  it('answers an unreadable URL to inspect with a 400 on url, for every type that has something to fetch', async () => {
    const types = (await t.app.inject({ url: '/api/datasourcetypes' })).json().results as {
      id: number;
      key: string;
    }[];
    const failures: string[] = [];
    for (const type of types) {
      for (const url of unreadableUrls) {
        const res = await send('POST', '/api/datasources/inspect', { type: type.id, config: { url } });
        noStackTrace(res.body);
        if (res.statusCode !== 400 || !Array.isArray(res.json().url))
          failures.push(`${type.key} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers an unreadable URL in a data source with a 400 on config.url, on create and on change', async () => {
    const created = await send('POST', '/api/datasources', {
      name: 'Roads',
      type: 1,
      account,
      config: { url: 'https://service.example.org/wms', layers: 'roads' },
    });
    expect(created.statusCode).toBe(201);
    for (const url of unreadableUrls) {
      const create = await send('POST', '/api/datasources', {
        name: 'Odd',
        type: 1,
        account,
        config: { url, layers: 'roads' },
      });
      expect([create.statusCode, Object.keys(create.json())], url).toEqual([400, ['config.url']]);
      const change = await send('PATCH', `/api/datasources/${created.json().id}`, {
        config: { url, layers: 'roads' },
      });
      expect([change.statusCode, Object.keys(change.json())], url).toEqual([400, ['config.url']]);
      noStackTrace(create.body + change.body);
    }
  });

  it('refuses JSON text nested 5,000 deep with a 400 naming the field', async () => {
    const deep = nestedText(5000);
    const layer = await send('POST', '/api/layers', { workspace, name: 'Deep', template: deep });
    expect([layer.statusCode, layer.json()]).toEqual([400, { template: [jsonTooDeep] }]);
    const base = (
      await t.app.inject({ url: `/api/layers?workspace=${workspace}`, headers: auth(token) })
    ).json().results[0].id as number;
    const changed = await send('PATCH', `/api/layers/${base}`, { template: deep });
    expect([changed.statusCode, changed.json()]).toEqual([400, { template: [jsonTooDeep] }]);

    const { version } = (
      await t.app.inject({ url: `/api/workspaces/${workspace}`, headers: auth(token) })
    ).json();
    const plugins = await send('PATCH', `/api/workspaces/${workspace}`, { version, workspacePlugins: deep });
    expect([plugins.statusCode, plugins.json()]).toEqual([400, { workspacePlugins: [jsonTooDeep] }]);
    // A camera the schema takes, with one key it does not look at (kept as sent).
    const camera = `{"longitude": 4.4, "latitude": 51.9, "height": 1200, "heading": 0, "pitch": -35, "roll": 0, ${deep.slice(1)}`;
    const view = await send('PATCH', `/api/workspaces/${workspace}`, { version, camera });
    expect([view.statusCode, view.json()]).toEqual([400, { camera: [jsonTooDeep] }]);
    noStackTrace(layer.body + changed.body + plugins.body + view.body);

    // What nests within the limit is kept as sent.
    const fine = nestedText(64);
    const kept = await send('PATCH', `/api/workspaces/${workspace}`, { version, workspacePlugins: fine });
    expect(kept.statusCode).toBe(200);
    expect(JSON.parse(kept.json().workspacePlugins)).toEqual(JSON.parse(fine));
  });

  it('refuses a request body nested 5,000 deep in a field that is not JSON text with a 400', async () => {
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const { version } = (
      await t.app.inject({ url: `/api/workspaces/${workspace}`, headers: auth(token) })
    ).json();
    for (const [method, url, payload] of [
      ['POST', '/api/layers', `{"workspace": ${workspace}, "name": ${deep}}`],
      ['PATCH', `/api/workspaces/${workspace}`, `{"version": ${version}, "name": ${deep}}`],
      [
        'POST',
        '/api/datasources',
        `{"name": "n", "type": 1, "account": ${account}, "config": {"url": ${deep}}}`,
      ],
      [
        'POST',
        '/api/datasources/inspect',
        `{"type": 1, "config": {"url": "http://x.test/", "more": ${deep}}}`,
      ],
    ] as const) {
      const res = await send(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      noStackTrace(res.body);
      // Named by the field it is in, like every validation error.
      const field = method === 'POST' && url.startsWith('/api/datasources') ? 'config' : 'name';
      expect(Object.keys(res.json()), `${method} ${url}`).toEqual([field]);
    }
  });
});
