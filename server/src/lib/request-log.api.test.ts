import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import type { Database } from '../db/client.js';
import { seedReferenceData } from '../startup/reference-data.js';
import { openTestDatabase, type TestApp } from '../test/app.js';
import { auth, buildAccount, buildActiveUser, buildWorkspace, loginToken } from '../test/factories.js';
import { type MailServer, startMailServer } from '../test/mail-server.js';

/**
 * The server's own log, as `npm start` writes it (level info), read line by line:
 * the secrets that travel in URLs must not be in it (issue 22, item 8).
 */
describe('the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let database: Database;
  let mail: MailServer;
  let token: string;
  let workspace: number;
  let shareToken: string;

  beforeAll(async () => {
    mail = await startMailServer();
    const config = loadConfig({
      DATA_DIR: '/tmp/geows-test-unused',
      LOG_LEVEL: 'info',
      SMTP_URL: mail.url,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
    database = await openTestDatabase();
    const ctx = await createContext(config, database, { secretKey: randomBytes(32).toString('hex') });
    await seedReferenceData(ctx);
    const app = await buildApp(ctx, { logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
    t = { app, database, config, secrets: ctx.secrets, close: async () => {} };
    const user = await buildActiveUser(t, mail);
    token = await loginToken(t, user);
    const account = await buildAccount(t, token, user.id);
    workspace = (await buildWorkspace(t, token, user.id, account.id)).id;
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace}/share`,
      headers: auth(token),
      payload: {},
    });
    shareToken = link.json().token;
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.close();
    await mail?.close();
  });

  it('writes one line per request, when it is answered, with its status and time', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/datasourcetypes' });
    await t.app.inject({ url: '/api/accounts' });
    const logged = lines.map(
      (line) =>
        JSON.parse(line) as {
          msg?: string;
          req?: { method?: string; url?: string };
          res?: { statusCode?: number };
          responseTime?: number;
        },
    );
    expect(
      logged.map((entry) => [entry.msg, entry.req?.method, entry.req?.url, entry.res?.statusCode]),
    ).toEqual([
      ['request completed', 'GET', '/api/datasourcetypes', 200],
      ['request completed', 'GET', '/api/accounts', 401],
    ]);
    for (const entry of logged) expect(entry.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('logs every request, with share tokens, grants and e-mailed tokens redacted', async () => {
    expect(shareToken).toMatch(/^\S{20,}$/);
    lines.length = 0;
    const secrets = ['Grant-0a1b2c3d4e5f', 'Uid-MQ9z', 'Mailed-7f6e5d4c3b2a', 'Code-99aa88bb'];
    const urls = [
      `/api/workspaces/${workspace}?token=${shareToken}`,
      `/api/layers?token=${shareToken}`,
      `/api/layers/sources?token=${encodeURIComponent(shareToken)}`,
      `/workspace/share/${workspace}/${shareToken}`,
      `/api/layers/1/features?capability=${secrets[0]}`,
      `/api/layers/1/proxy/${secrets[0]}/wms?SERVICE=WMS`,
      `/activation/${secrets[1]}/${secrets[2]}`,
      `/password-reset/${secrets[1]}/${secrets[2]}`,
      `/api/activate/${secrets[1]}/${secrets[2]}/`,
      `/esri-oauth-callback?code=${secrets[3]}&state=s`,
    ];
    for (const url of urls) await t.app.inject({ url, headers: { accept: 'text/html' } });

    const log = lines.join('');
    for (const secret of [shareToken, ...secrets]) expect(log).not.toContain(secret);
    const logged = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    const answered = logged
      .filter((entry) => entry.msg === 'request completed')
      .map((entry) => entry.req?.url);
    expect(answered).toEqual([
      `/api/workspaces/${workspace}?token=[redacted]`,
      '/api/layers?token=[redacted]',
      '/api/layers/sources?token=[redacted]',
      `/workspace/share/${workspace}/[redacted]`,
      '/api/layers/1/features?capability=[redacted]',
      '/api/layers/1/proxy/[redacted]/wms?SERVICE=WMS',
      '/activation/[redacted]/[redacted]',
      '/password-reset/[redacted]/[redacted]',
      '/api/activate/[redacted]/[redacted]/',
      '/esri-oauth-callback?code=[redacted]&state=s',
    ]);
  });
});
