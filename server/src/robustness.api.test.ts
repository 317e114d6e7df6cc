import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from './test/app.js';
import { auth, buildAccount, buildActiveUser, loginToken } from './test/factories.js';
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
