import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type MailServer, startMailServer } from '../test/mail-server.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';
import { BACKUP_FORMAT, keyFingerprint, packBackup, sha256, tar } from './backup-archive.js';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const SECRET_KEY = 'backup-test-key-0123456789-abcdefghijklmnop';
const PASSWORD = 'Correct-Horse-Battery-9';
const WMS_PASSWORD = 'hunter2-backup';

/** `npm run admin -- …` as its own process, without blocking this one (the fixtures answer meanwhile). */
function admin(env: NodeJS.ProcessEnv, ...args: string[]) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/operator/admin.ts', ...args],
      { cwd: serverRoot, env: { ...process.env, LOG_LEVEL: 'silent', SECRET_KEY: '', ...env } },
      (error, stdout, stderr) =>
        resolve({
          status: error ? Number(error.code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

const stop = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

/** A secured WMS on loopback: answers a map only to the password the data source keeps sealed. */
function startSecuredWms() {
  const expected = `Basic ${Buffer.from(`ops:${WMS_PASSWORD}`).toString('base64')}`;
  const server = http.createServer((request, response) => {
    if (request.headers.authorization !== expected) response.writeHead(401).end('who are you?');
    else response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('89504e470d0a1a0a', 'hex'));
  });
  return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

type Tenant = {
  username: string;
  workspace: number;
  group: number;
  layer: number;
  shareToken: string;
};

function client(base: string, token?: string) {
  return async (route: string, method = 'GET', body?: unknown) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Token ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json: json as Record<string, unknown> & { results?: unknown[] }, text };
  };
}

async function logIn(base: string, username: string) {
  const login = await client(base)('/auth/login/', 'POST', { username, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  return String(login.json.auth_token);
}

/** A user who can log in, an account, a workspace with a group and a layer on a data source with a password, a share link. */
async function seedTenant(base: string, mail: MailServer, wmsOrigin: string, name: string): Promise<Tenant> {
  const anonymous = client(base);
  const user = { username: name, email: `${name}@example.org`, password: PASSWORD };
  const registered = await anonymous('/api/auth/register', 'POST', user);
  expect(registered.status, registered.text).toBe(201);
  const [uid, activation] = new URL(
    linkIn(await mail.nextMail(user.email, /Activate/), '/activation/'),
  ).pathname
    .split('/')
    .slice(2);
  expect((await anonymous(`/api/activate/${uid}/${activation}/`)).status).toBe(200);
  const call = client(base, await logIn(base, name));
  const account = await call('/api/accounts', 'POST', {
    admin: registered.json.id,
    name: `${name} maps`,
    description: 'Maps of the delta',
  });
  expect(account.status, account.text).toBe(201);
  const workspace = await call('/api/workspaces', 'POST', {
    admin: registered.json.id,
    name: 'Delta works',
    description: 'Dikes and sluices',
    account: account.json.id,
  });
  expect(workspace.status, workspace.text).toBe(201);
  const source = await call('/api/datasources', 'POST', {
    name: 'Dikes',
    type: 1,
    account: account.json.id,
    config: { url: `${wmsOrigin}/wms`, layers: 'dikes', username: 'ops', password: WMS_PASSWORD },
  });
  expect(source.status, source.text).toBe(201);
  const group = await call('/api/layers', 'POST', { workspace: workspace.json.id, name: 'Water' });
  const layer = await call('/api/layers', 'POST', {
    workspace: workspace.json.id,
    name: 'Dikes',
    parent: group.json.id,
    data_source: source.json.id,
  });
  expect(layer.status, layer.text).toBe(201);
  const share = await call(`/api/workspaces/${workspace.json.id}/share`, 'POST', { label: 'Public' });
  expect(share.status, share.text).toBe(201);
  return {
    username: name,
    workspace: Number(workspace.json.id),
    group: Number(group.json.id),
    layer: Number(layer.json.id),
    shareToken: String(share.json.token),
  };
}

/** The proxied map of the layer: 200 only when the server could open the sealed password. */
async function proxiedMap(base: string, query: string, layer: number) {
  const sources = await client(
    base,
    query.startsWith('token=') ? undefined : query.split('|')[1],
  )(`/api/layers/sources?${query.split('|')[0]}`);
  expect(sources.status, sources.text).toBe(200);
  const source = (sources.json.results as { layer: number; config: { url: string } }[]).find(
    (s) => s.layer === layer,
  );
  expect(sources.text).not.toContain(WMS_PASSWORD);
  return (await fetch(`${base}${source?.config.url}?SERVICE=WMS&REQUEST=GetMap&BBOX=0,0,1,1`)).status;
}

/** Everything of the tenant works on `base`: the login, the layers, the sealed password and the share link. */
async function expectTenantWorks(base: string, tenant: Tenant) {
  const token = await logIn(base, tenant.username);
  const call = client(base, token);
  const workspace = await call(`/api/workspaces/${tenant.workspace}`);
  expect(workspace.status).toBe(200);
  expect(workspace.json).toMatchObject({ name: 'Delta works', rights: 'admin' });
  const layers = (await call(`/api/layers?workspace=${tenant.workspace}`)).json.results as { id: number }[];
  expect(layers.find((layer) => layer.id === tenant.group)).toMatchObject({
    name: 'Water',
    layers: [{ id: tenant.layer, name: 'Dikes' }],
  });
  expect(await proxiedMap(base, `workspace=${tenant.workspace}|${token}`, tenant.layer)).toBe(200);
  const shared = await client(base)(`/api/layers?token=${tenant.shareToken}`);
  expect(shared.status).toBe(200);
  expect((shared.json.results as { id: number }[]).find((layer) => layer.id === tenant.group)).toMatchObject({
    layers: [{ id: tenant.layer }],
  });
  expect(await proxiedMap(base, `token=${tenant.shareToken}`, tenant.layer)).toBe(200);
}

describe('npm run admin -- backup and restore (embedded database)', () => {
  let mail: MailServer;
  let wms: http.Server;
  let wmsOrigin: string;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-backup-'));

  beforeAll(async () => {
    mail = await startMailServer();
    wms = await startSecuredWms();
    wmsOrigin = `http://127.0.0.1:${(wms.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await mail.close();
    wms.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const serverEnv = (extra: NodeJS.ProcessEnv = {}) => ({
    SMTP_URL: mail.url,
    FETCH_ALLOW_HOSTS: new URL(wmsOrigin).host,
    LOG_LEVEL: 'warn',
    ...extra,
  });

  it('copies a running server’s tenant, with SECRET_KEY, into a new DATA_DIR where it all works', async () => {
    const original = await startServerProcess(serverEnv({ SECRET_KEY }));
    const file = path.join(scratch, 'running.tar.gz');
    const restored = path.join(scratch, 'restored');
    let tenant: Tenant;
    try {
      tenant = await seedTenant(original.url, mail, wmsOrigin, 'backup_owner');
      // The server goes on answering writes while it makes the copy.
      const writer = client(original.url, await logIn(original.url, tenant.username));
      let writing = true;
      const written: number[] = [];
      const writes = (async () => {
        while (writing) {
          const made = await writer('/api/layers', 'POST', { workspace: tenant.workspace, name: 'During' });
          written.push(made.status);
        }
      })();
      const backup = await admin({ DATA_DIR: original.dataDir, SECRET_KEY }, 'backup', file);
      writing = false;
      await writes;
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      expect(JSON.parse(backup.stdout)).toMatchObject({
        file,
        secret_key: expect.stringContaining('SECRET_KEY'),
      });
      expect(written.length).toBeGreaterThan(0);
      expect(written.every((status) => status === 201)).toBe(true);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      // Not while a server runs on the directory, and not into one that holds anything.
      const busy = await admin({ DATA_DIR: original.dataDir, SECRET_KEY }, 'restore', file);
      expect(busy.status).toBe(1);
      expect(busy.stderr).toMatch(/^A server is running on DATA_DIR .*\n$/);
      // Without the operator secret, the copy is nobody's business.
      const guessed = await fetch(`${original.url}/api/operator/backup`, {
        method: 'POST',
        headers: { 'x-operator-secret': 'guess' },
      });
      expect(guessed.status).toBe(404);
    } finally {
      await stop(original);
    }
    const occupied = await admin({ DATA_DIR: original.dataDir, SECRET_KEY }, 'restore', file);
    expect(occupied.status).toBe(1);
    expect(occupied.stderr).toBe(
      `DATA_DIR ${original.dataDir} is not empty: restore into an empty or new directory\n`,
    );

    const done = await admin({ DATA_DIR: restored, SECRET_KEY }, 'restore', file);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({
      restored,
      secret_key: 'SECRET_KEY is the key the backup was made with',
    });
    // The key is not in the copy: it must come from SECRET_KEY.
    expect(fs.existsSync(path.join(restored, 'secret.key'))).toBe(false);

    const copy = await startServerProcess(serverEnv({ SECRET_KEY, DATA_DIR: restored }));
    try {
      await expectTenantWorks(copy.url, tenant);
    } finally {
      await stop(copy);
    }

    // Another key could open none of the copy's sealed secrets: the restore warns, and the server refuses to start.
    const otherKey = 'another-key-0123456789-abcdefghijklmnopqrs';
    const elsewhere = path.join(scratch, 'elsewhere');
    const warned = await admin({ DATA_DIR: elsewhere, SECRET_KEY: otherKey }, 'restore', file);
    expect(warned.status).toBe(0);
    expect(JSON.parse(warned.stdout).secret_key).toMatch(
      /^SECRET_KEY differs from the key the backup was made with/,
    );
    await expect(
      startServerProcess(serverEnv({ SECRET_KEY: otherKey, DATA_DIR: elsewhere })),
    ).rejects.toThrow("SECRET_KEY is not the key this database's secrets were sealed with");
  }, 420_000);

  it('copies a stopped server’s DATA_DIR with its key file, which travels in the backup', async () => {
    const original = await startServerProcess(serverEnv());
    let tenant: Tenant;
    try {
      tenant = await seedTenant(original.url, mail, wmsOrigin, 'keyfile_owner');
    } finally {
      await stop(original);
    }
    const file = path.join(scratch, 'stopped.tar.gz');
    const backup = await admin({ DATA_DIR: original.dataDir }, 'backup', file);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(fs.existsSync(path.join(original.dataDir, 'server.lock'))).toBe(false);

    const restored = path.join(scratch, 'from-stopped');
    const done = await admin({ DATA_DIR: restored }, 'restore', file);
    expect(done.status).toBe(0);
    expect(fs.readFileSync(path.join(restored, 'secret.key'), 'utf8')).toBe(
      fs.readFileSync(path.join(original.dataDir, 'secret.key'), 'utf8'),
    );
    expect(fs.statSync(path.join(restored, 'secret.key')).mode & 0o777).toBe(0o600);
    const copy = await startServerProcess(serverEnv({ DATA_DIR: restored }));
    try {
      await expectTenantWorks(copy.url, tenant);
    } finally {
      await stop(copy);
    }
  }, 300_000);

  it('refuses a foreign or damaged file before it writes anything', async () => {
    const target = path.join(scratch, 'never');
    const foreign = path.join(scratch, 'foreign.tar.gz');
    fs.writeFileSync(foreign, '{"not":"a backup"}');
    const refused = await admin({ DATA_DIR: target }, 'restore', foreign);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`${foreign} is not a backup made by npm run admin -- backup\n`);

    const pgdata = tar([{ name: '/PG_VERSION', data: Buffer.from('17\n') }], Date.now());
    const good = await packBackup({
      manifest: {
        format: BACKUP_FORMAT,
        formatVersion: 1,
        appVersion: '0.1.0',
        createdAt: new Date().toISOString(),
        database: 'pglite',
        pgliteVersion: '0.5.16',
        secretKey: 'SECRET_KEY',
        secretKeyFingerprint: keyFingerprint(SECRET_KEY),
        pgdataSha256: sha256(pgdata),
      },
      pgdata,
      secretKey: null,
    });
    const cut = path.join(scratch, 'cut.tar.gz');
    fs.writeFileSync(cut, good.subarray(0, Math.floor(good.length / 2)));
    const truncated = await admin({ DATA_DIR: target }, 'restore', cut);
    expect(truncated.status).toBe(1);
    expect(truncated.stderr).toBe(`${cut} is damaged: it is cut short or corrupted\n`);
    expect(fs.existsSync(target)).toBe(false);

    const missing = await admin({ DATA_DIR: target }, 'restore');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('Expected FILE (usage: restore FILE)\n');
    const help = await admin({ DATA_DIR: target }, '--help');
    expect(help.stdout).toContain('backup FILE');
    expect(help.stdout).toContain('restore FILE');
    const dump = path.join(scratch, 'nightly.dump');
    const postgres = await admin(
      { DATA_DIR: target, DATABASE_URL: 'postgres://geows@127.0.0.1:1/geows' },
      'backup',
      dump,
    );
    expect(postgres.status).toBe(1);
    expect(postgres.stderr).toContain(`pg_dump --format=custom --file=${dump} "$DATABASE_URL"`);
    expect(fs.existsSync(dump)).toBe(false);
  }, 120_000);
});
