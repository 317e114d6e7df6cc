import type { AuditEvent } from '@geows/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { commands, OperatorError, runCommand } from '../../operator/commands.js';
import { cleanUp } from '../../startup/housekeeping.js';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import {
  auth,
  buildAccount,
  buildActiveUser,
  buildWorkspace,
  loginToken,
  type TestUser,
} from '../../test/factories.js';
import { linkIn, type MailServer } from '../../test/mail-server.js';
import { expectDrfPaging } from '../../test/paging.js';
import { totpNow } from '../mfa/totp.js';

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const from = { remoteAddress: '192.0.2.44', headers: { 'user-agent': browser } };

describe('audit trail', () => {
  let t: TestApp;
  let mail: MailServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  beforeAll(async () => {
    ({ t, mail } = await startApiTest());
    alice = await buildActiveUser(t, mail);
    bob = await buildActiveUser(t, mail);
    aliceToken = await loginToken(t, alice);
    bobToken = await loginToken(t, bob);
  });
  afterAll(() => stopApiTest(t, mail));

  /** A call as a browser at 192.0.2.44 makes it. */
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: from.remoteAddress,
      headers: { ...from.headers, ...(token ? auth(token) : {}) },
      ...(payload ? { payload } : {}),
    });
  const login = (username: string, password: string) =>
    call('POST', '/auth/login/', undefined, { username, password });
  const mine = async (token: string) => {
    const res = await call('GET', '/api/users/me/events', token);
    expect(res.statusCode).toBe(200);
    return res.json().results as AuditEvent[];
  };
  const ofAccount = async (accountId: number, token = aliceToken, query = '') => {
    const res = await call('GET', `/api/accounts/${accountId}/events${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json().results as AuditEvent[];
  };
  /** Rows of a query straight on the database (both drivers answer `rows`). */
  const select = async (query: SQL) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  /** Every stored event as text: what must never hold a secret. */
  const everything = async () => JSON.stringify(await select(sql`select * from audit_events`));

  it('records failed and successful logins for the user, with address and browser, the answer telling nothing', async () => {
    const carol = await buildActiveUser(t, mail);
    const wrong = await login(carol.username, 'Not-Her-Password-1');
    const unknown = await login('nobody-here', 'Not-Her-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    const ok = await login(carol.username, carol.password);
    expect(ok.statusCode).toBe(200);

    const events = await mine(ok.json().auth_token);
    expect(events.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        kind: 'login_succeeded',
        actor: carol.id,
        actor_username: carol.username,
        account: null,
        object_type: null,
        object_id: null,
        object_label: '',
        ip: '192.0.2.44',
        user_agent: browser,
        details: { second_factor: false },
      },
      expect.objectContaining({
        kind: 'login_failed',
        actor: carol.id,
        ip: '192.0.2.44',
        details: { reason: 'wrong_password' },
      }),
    ]);
    const [stranger] = await select(
      sql`select actor_id, actor_username, details from audit_events where actor_username = 'nobody-here'`,
    );
    expect(stranger).toEqual({
      actor_id: null,
      actor_username: 'nobody-here',
      details: { reason: 'unknown_user' },
    });
    expect(await everything()).not.toContain('Not-Her-Password-1');
    expect(await everything()).not.toContain(carol.password);
  });

  it('records the attempts refused while a username is locked out', async () => {
    const dave = await buildActiveUser(t, mail);
    // From an address of its own, so that the per-address rate limit stays out of the way.
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        remoteAddress: '192.0.2.45',
        payload: { username: dave.username, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('Not-His-Password-1')).statusCode).toBe(400);
    const refused = await attempt(dave.password);
    expect(refused.statusCode).toBe(429);
    const [latest] = await select(
      sql`select actor_id, details from audit_events where actor_id = ${dave.id} order by id desc limit 1`,
    );
    expect(latest).toEqual({ actor_id: dave.id, details: { reason: 'locked_out' } });
  });

  it('keeps what the caller controls bounded', async () => {
    const longName = `x${'y'.repeat(250)}`;
    await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { 'user-agent': 'z'.repeat(5000) },
      payload: { username: longName, password: 'whatever-1' },
    });
    const [row] = await select(
      sql`select length(actor_username) as name, length(user_agent) as agent from audit_events where actor_username like 'xyyy%'`,
    );
    expect(row).toEqual({ name: 150, agent: 256 });
  });

  it('shows people their own last 20 events only, newest first', async () => {
    const dave = await buildActiveUser(t, mail);
    for (let i = 0; i < 22; i++) await loginToken(t, dave);
    const token = await loginToken(t, dave);
    const events = await mine(token);
    expect(events).toHaveLength(20);
    expect(events.every((e) => e.actor === dave.id)).toBe(true);
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await t.app.inject({ url: '/api/users/me/events' })).statusCode).toBe(401);
  });

  it('records a second factor added, a wrong and a right code at login, and the factor removed', async () => {
    const erin = await buildActiveUser(t, mail);
    const token = await loginToken(t, erin);
    const started = await call('POST', '/auth/app/activate/', token);
    const secret = started.json().secret as string;
    const confirmed = await call('POST', '/auth/app/activate/confirm/', token, { code: totpNow(secret) });
    expect(confirmed.statusCode).toBe(200);
    const backupCodes = confirmed.json().backup_codes as string[];

    const challenge = (await login(erin.username, erin.password)).json().ephemeral_token as string;
    const wrongCode = await call('POST', '/auth/login/code/', undefined, {
      ephemeral_token: challenge,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    const rightCode = await call('POST', '/auth/login/code/', undefined, {
      ephemeral_token: challenge,
      code: backupCodes[0],
    });
    expect(rightCode.statusCode).toBe(200);
    const removed = await call('POST', '/auth/app/deactivate/', token, { code: backupCodes[1] });
    expect(removed.statusCode).toBe(200);

    const events = await mine(token);
    expect(events.slice(0, 4).map((e) => [e.kind, e.details])).toEqual([
      ['mfa_removed', { method: 'app' }],
      ['login_succeeded', { second_factor: true }],
      ['login_failed', { reason: 'wrong_code' }],
      ['mfa_added', { method: 'app' }],
    ]);
    expect(events[0]).toMatchObject({ ip: '192.0.2.44', user_agent: browser });
    expect(await everything()).not.toContain(secret);
    expect(await everything()).not.toContain(backupCodes[0]);
  });

  it('records a password changed when signed in and one reset by link', async () => {
    const frank = await buildActiveUser(t, mail);
    const token = await loginToken(t, frank);
    const changed = await call('POST', '/api/auth/resetPassword', token, {
      uid: false,
      token: false,
      password: 'Brand-New-Secret-42',
      current_password: frank.password,
    });
    expect(changed.statusCode).toBe(200);
    await call('POST', '/api/auth/reset', undefined, { email: frank.email });
    const [uid, pwToken] = new URL(
      linkIn(await mail.nextMail(frank.email, /Reset/), '/password-reset/'),
    ).pathname
      .split('/')
      .slice(2);
    const reset = await call('POST', '/api/auth/resetPassword', undefined, {
      uid,
      pw_token: pwToken,
      password: 'Second-New-Secret-43',
    });
    expect(reset.statusCode).toBe(200);
    const events = await mine(
      await loginToken(t, { username: frank.username, password: 'Second-New-Secret-43' }),
    );
    expect(events.slice(1, 3).map((e) => [e.kind, e.actor, e.ip])).toEqual([
      ['password_reset', frank.id, '192.0.2.44'],
      ['password_changed', frank.id, '192.0.2.44'],
    ]);
    const stored = await everything();
    for (const secret of ['Brand-New-Secret-42', 'Second-New-Secret-43', pwToken as string])
      expect(stored).not.toContain(secret);
  });

  it("records the operator's revocation of a user's sessions", async () => {
    const gina = await buildActiveUser(t, mail);
    await runCommand(t.database.db, {
      command: 'user deactivate',
      positionals: [gina.username],
      options: {},
    });
    const [row] = await select(
      sql`select kind, actor_id, object_type, object_id, object_label, details from audit_events where kind = 'sessions_revoked' and object_id = ${gina.id}`,
    );
    expect(row).toEqual({
      kind: 'sessions_revoked',
      actor_id: null,
      object_type: 'user',
      object_id: gina.id,
      object_label: gina.username,
      details: { by: 'operator', reason: 'deactivated' },
    });
  });

  describe("an account's events", () => {
    let account: { id: number; name: string };
    let workspace: { id: number; name: string };
    beforeAll(async () => {
      account = await buildAccount(t, aliceToken, alice.id, 'Audited');
      workspace = await buildWorkspace(t, aliceToken, alice.id, account.id, 'Harbour');
    });

    it('records editors, invitations, group members and share links added and removed, once each', async () => {
      const editor = await call('POST', `/api/workspaces/${workspace.id}/editors`, aliceToken, {
        email: bob.email,
      });
      expect(editor.statusCode).toBe(201);
      // Refused changes leave no event: the transaction that would have written it is gone.
      await call('POST', `/api/workspaces/${workspace.id}/editors`, aliceToken, { email: bob.email });
      await call('DELETE', `/api/workspaces/${workspace.id}/editors/${bob.id}`, aliceToken);
      const invite = await call('POST', '/api/invite', aliceToken, {
        workspace: workspace.id,
        email: 'viewer@example.org',
      });
      await call('DELETE', `/api/invite/${invite.json().id}`, aliceToken);
      const group = await call('POST', '/api/userGroup', aliceToken, {
        name: 'Surveyors',
        account: account.id,
      });
      const groupId = group.json().id as number;
      const member = await call('POST', `/api/userGroup/${groupId}/members`, aliceToken, {
        email: 'member@example.org',
      });
      await call('POST', `/api/userGroup/${groupId}/members`, aliceToken, { email: 'MEMBER@example.org' });
      await call('DELETE', `/api/userGroup/${groupId}/members/${member.json().id}`, aliceToken);
      const link = await call('POST', `/api/workspaces/${workspace.id}/share`, aliceToken, {
        label: 'Council',
      });
      await call('DELETE', `/api/workspaces/${workspace.id}/share/${link.json().id}`, aliceToken);

      const events = await ofAccount(account.id);
      expect(events.map((e) => [e.kind, e.object_type, e.object_label, e.details])).toEqual([
        [
          'share_link_revoked',
          'share_link',
          'Council',
          { workspace: workspace.id, workspace_name: 'Harbour' },
        ],
        [
          'share_link_created',
          'share_link',
          'Council',
          { workspace: workspace.id, workspace_name: 'Harbour', expires: null },
        ],
        [
          'group_member_removed',
          'user_group',
          'Surveyors',
          { member: member.json().id, email: 'member@example.org' },
        ],
        [
          'group_member_added',
          'user_group',
          'Surveyors',
          { member: member.json().id, email: 'member@example.org' },
        ],
        [
          'invitation_removed',
          'invitation',
          'viewer@example.org',
          { workspace: workspace.id, workspace_name: 'Harbour' },
        ],
        [
          'invitation_created',
          'invitation',
          'viewer@example.org',
          { workspace: workspace.id, workspace_name: 'Harbour' },
        ],
        ['editor_removed', 'workspace', 'Harbour', { user: bob.id }],
        ['editor_added', 'workspace', 'Harbour', { user: bob.id, username: bob.username }],
      ]);
      for (const event of events) {
        expect(event).toMatchObject({
          actor: alice.id,
          actor_username: alice.username,
          account: account.id,
          ip: '192.0.2.44',
          user_agent: browser,
        });
      }
      expect(JSON.stringify(events)).not.toContain(link.json().token);
    });

    it('records which data source secrets were set, changed or cleared, never their values', async () => {
      const created = await call('POST', '/api/datasources', aliceToken, {
        name: 'Secured WMS',
        type: 1,
        account: account.id,
        config: {
          url: 'https://maps.example.org/wms',
          layers: 'roads',
          username: 'gis',
          password: 'First-Pass-1',
        },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const patch = (config: Record<string, unknown>) =>
        call('PATCH', `/api/datasources/${id}`, aliceToken, {
          config: { url: 'https://maps.example.org/wms', layers: 'roads', username: 'gis', ...config },
        });
      await patch({});
      await call('PATCH', `/api/datasources/${id}`, aliceToken, { name: 'Renamed WMS' });
      await patch({ password: 'Second-Pass-2' });
      await patch({ password: null });

      const events = (await ofAccount(account.id)).filter((e) => e.kind === 'datasource_secrets_changed');
      expect(events.map((e) => [e.object_type, e.object_id, e.object_label, e.details])).toEqual([
        ['datasource', id, 'Renamed WMS', { password: 'cleared' }],
        ['datasource', id, 'Renamed WMS', { password: 'changed' }],
        ['datasource', id, 'Secured WMS', { password: 'set' }],
      ]);
      const stored = await everything();
      expect(stored).not.toContain('First-Pass-1');
      expect(stored).not.toContain('Second-Pass-2');
    });

    it('pages like every DRF list, and is the admin’s alone', async () => {
      const total = (await call('GET', `/api/accounts/${account.id}/events`, aliceToken)).json()
        .count as number;
      expect(total).toBeGreaterThan(5);
      await expectDrfPaging(t, {
        url: `/api/accounts/${account.id}/events`,
        token: aliceToken,
        total,
        pageSize: 4,
      });
      expect((await call('GET', `/api/accounts/${account.id}/events`, bobToken)).statusCode).toBe(404);
      expect((await call('GET', '/api/accounts/2147483000/events', aliceToken)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/accounts/${account.id}/events` })).statusCode).toBe(401);
      expect(
        (await call('GET', `/api/accounts/${account.id}/events?page_size=0`, aliceToken)).statusCode,
      ).toBe(400);
    });

    it('records workspaces and accounts deleted, with their names as they were', async () => {
      const doomed = await buildAccount(t, aliceToken, alice.id, 'Doomed');
      const ws = await buildWorkspace(t, aliceToken, alice.id, doomed.id, 'Old harbour');
      expect((await call('DELETE', `/api/workspaces/${ws.id}`, aliceToken)).statusCode).toBe(204);
      expect((await ofAccount(doomed.id))[0]).toMatchObject({
        kind: 'workspace_deleted',
        object_type: 'workspace',
        object_id: ws.id,
        object_label: 'Old harbour',
      });
      expect((await call('DELETE', `/api/accounts/${doomed.id}`, aliceToken)).statusCode).toBe(204);
      const [row] = await select(
        sql`select actor_id, object_label, client_ip from audit_events where kind = 'account_deleted' and account_id = ${doomed.id}`,
      );
      expect(row).toEqual({ actor_id: alice.id, object_label: 'Doomed', client_ip: '192.0.2.44' });
    });
  });

  it('records a user deleting themselves', async () => {
    const hank = await buildActiveUser(t, mail);
    const token = await loginToken(t, hank);
    expect((await call('DELETE', `/api/users/${hank.id}/`, token)).statusCode).toBe(204);
    const [row] = await select(
      sql`select actor_id, actor_username, object_id from audit_events where kind = 'user_deleted' and actor_id = ${hank.id}`,
    );
    expect(row).toEqual({ actor_id: hank.id, actor_username: hank.username, object_id: hank.id });
  });

  describe('the operator', () => {
    const exportEvents = (options: Record<string, string> = {}) =>
      runCommand(t.database.db, { command: 'audit export', positionals: [], options }) as Promise<
        AuditEvent[]
      >;

    it('exports the events oldest first, filtered by time and account, as JSON lines', async () => {
      expect(commands['audit export']?.output).toBe('json-lines');
      const all = await exportEvents();
      expect(all.length).toBeGreaterThan(20);
      const ids = all.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const account = await buildAccount(t, aliceToken, alice.id, 'Exported');
      const ws = await buildWorkspace(t, aliceToken, alice.id, account.id, 'Exported map');
      await call('DELETE', `/api/workspaces/${ws.id}`, aliceToken);
      expect(await exportEvents({ account: String(account.id) })).toEqual([
        expect.objectContaining({
          kind: 'workspace_deleted',
          account: account.id,
          object_label: 'Exported map',
        }),
      ]);
      const later = new Date(Date.now() + 60_000).toISOString();
      expect(await exportEvents({ since: later })).toEqual([]);
      expect((await exportEvents({ since: all[0]?.occurred_at ?? '' })).length).toBeGreaterThanOrEqual(
        all.length,
      );
    });

    it('names a bad option', async () => {
      await expect(exportEvents({ since: 'yesterday' })).rejects.toThrow(
        new OperatorError('--since must be an ISO 8601 date or time, got yesterday'),
      );
      await expect(exportEvents({ account: 'acme' })).rejects.toThrow(
        new OperatorError('--account must be an account id, got acme'),
      );
    });
  });

  describe('retention', () => {
    it('prunes events older than AUDIT_RETENTION_DAYS in the housekeeping', async () => {
      await t.database.db.execute(sql`
        insert into audit_events (kind, actor_username, occurred_at) values
          ('login_failed', 'ancient-one', now() - interval '400 days'),
          ('login_failed', 'recent-one', now() - interval '40 days')`);
      const left = async () =>
        (
          await select(
            sql`select actor_username from audit_events where actor_username in ('ancient-one', 'recent-one') order by 1`,
          )
        ).map((r) => r.actor_username);
      await cleanUp(t.database.db, t.config.tokenMaxAgeMs, t.config.auditRetentionDays);
      expect(await left()).toEqual(['recent-one']);
      await cleanUp(t.database.db, t.config.tokenMaxAgeMs, 30);
      expect(await left()).toEqual([]);
    });

    it('defaults to 365 days and refuses anything but a whole number of days', () => {
      expect(loadConfig({}).auditRetentionDays).toBe(365);
      expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
      for (const bad of ['0', '-1', '1.5', 'forever', '40000'])
        expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(ConfigError);
    });
  });
});
