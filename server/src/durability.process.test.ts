import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { offlineBaseLayer } from '@geows/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createThrowawayPostgres } from './test/app.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';

/**
 * Issue 25, "Crash durability": the real server, SIGKILLed in the middle of a burst of
 * concurrent writes, five times over on the same DATA_DIR (or PostgreSQL database). Each
 * restart must need no manual step (a dead server's lock is taken over), keep every write
 * it answered 2xx, and hold nothing half-written.
 */

const rounds = 5;
const concurrency = 12;
/** The signed-up user's token, and the ids its writes name. */
const session = { token: '', userId: 0, accountId: 0 };

type Query = <T>(sql: string) => Promise<T[]>;
type Target = {
  env: NodeJS.ProcessEnv;
  /** Runs `use` with a query function on the stopped server's database. */
  inspect(use: (query: Query) => Promise<void>): Promise<void>;
  drop(): Promise<void>;
};

async function pgliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-durability-'));
  return {
    env: { DATA_DIR: dataDir },
    async inspect(use) {
      const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
      try {
        await use(async <T>(sql: string) => (await db.query<T>(sql)).rows);
      } finally {
        await db.close();
      }
    },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const throwaway = await createThrowawayPostgres();
  return {
    env: {
      DATABASE_URL: throwaway.url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'geows-durability-')),
    },
    async inspect(use) {
      const client = new pg.Client({ connectionString: throwaway.url });
      await client.connect();
      try {
        await use(async <T>(sql: string) => (await client.query(sql)).rows as T[]);
      } finally {
        await client.end();
      }
    },
    drop: () => throwaway.drop(),
  };
}

type Answer = { status: number; body: unknown } | null;
/** Answers that no write may get, whatever else runs at the same time. */
const failures: string[] = [];

/** null: no answer (the server died first), so the write may or may not have happened. */
async function call(base: string, method: string, url: string, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Token ${session.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 500) failures.push(`${method} ${url}: ${response.status} ${text}`);
    const json = response.headers.get('content-type')?.includes('json') && text;
    return { status: response.status, body: json ? JSON.parse(text) : text };
  } catch {
    return null;
  }
}

const acknowledged = (answer: Answer, status: number): answer is { status: number; body: { id: number } } =>
  answer?.status === status;

/** What the server acknowledged, and which deletes and moves it may or may not have done. */
type Workspace = { id: number; deleteIssued: boolean; deleted: boolean; groups: number[]; leaves: number[] };
type Layer = {
  id: number;
  workspace: number;
  group: boolean;
  parent: number | null;
  /** Where a leaf may be: its first parent, and the target of a move without an answer. */
  possibleParents: Set<number | null>;
  moveIssued: boolean;
  deleteIssued: boolean;
  deleted: boolean;
};
type Datasource = { id: number; deleteIssued: boolean; deleted: boolean };

class Ledger {
  workspaces = new Map<number, Workspace>();
  layers = new Map<number, Layer>();
  datasources = new Map<number, Datasource>();
  acknowledgedWrites = 0;

  liveWorkspaces() {
    return [...this.workspaces.values()].filter((w) => !w.deleteIssued);
  }
  liveLayers(workspace: Workspace, group: boolean) {
    return (group ? workspace.groups : workspace.leaves)
      .map((id) => this.layers.get(id) as Layer)
      .filter((layer) => !layer.deleteIssued);
  }
  /** A leaf is certainly there when nothing that could have taken it with it was deleted. */
  certain(layer: Layer): boolean {
    const workspace = this.workspaces.get(layer.workspace) as Workspace;
    if (layer.deleteIssued || workspace.deleteIssued) return false;
    for (const parent of layer.possibleParents)
      if (parent !== null && (this.layers.get(parent) as Layer).deleteIssued) return false;
    return true;
  }
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** One random write, recorded in the ledger only when the server answered it 2xx. */
async function write(base: string, ledger: Ledger, xyzType: number, round: number): Promise<void> {
  const workspace = pick(ledger.liveWorkspaces());
  const roll = Math.random();
  const record = (answer: Answer, status: number) => {
    const ok = acknowledged(answer, status);
    if (ok) ledger.acknowledgedWrites++;
    return ok;
  };
  if (!workspace || roll < 0.12) {
    const answer = await call(base, 'POST', '/api/workspaces', {
      admin: session.userId,
      account: session.accountId,
      name: `crash ${round}`,
      description: 'written during a burst that ends in SIGKILL',
    });
    if (record(answer, 201)) {
      const id = answer.body.id;
      ledger.workspaces.set(id, { id, deleteIssued: false, deleted: false, groups: [], leaves: [] });
    }
  } else if (roll < 0.24) {
    const answer = await call(base, 'POST', '/api/datasources', {
      name: `ds crash ${round}`,
      type: xyzType,
      account: session.accountId,
      config: { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
    });
    if (record(answer, 201)) {
      const id = answer.body.id;
      ledger.datasources.set(id, { id, deleteIssued: false, deleted: false });
    }
  } else if (roll < 0.6) {
    const group = Math.random() < 0.35;
    const parent = group ? undefined : pick(ledger.liveLayers(workspace, true));
    const answer = await call(base, 'POST', '/api/layers', {
      workspace: workspace.id,
      name: group ? `group ${round}` : `leaf ${round}`,
      ...(parent ? { parent: parent.id } : {}),
    });
    if (record(answer, 201)) {
      const id = answer.body.id;
      const parentId = parent?.id ?? null;
      ledger.layers.set(id, {
        id,
        workspace: workspace.id,
        group,
        parent: parentId,
        possibleParents: new Set([parentId]),
        moveIssued: false,
        deleteIssued: false,
        deleted: false,
      });
      (group ? workspace.groups : workspace.leaves).push(id);
    }
  } else if (roll < 0.78) {
    const leaf = pick(ledger.liveLayers(workspace, false).filter((layer) => !layer.moveIssued));
    if (!leaf) return;
    const target = pick([null, ...ledger.liveLayers(workspace, true).map((group) => group.id)]) ?? null;
    leaf.moveIssued = true;
    leaf.possibleParents.add(target);
    const answer = await call(base, 'PATCH', `/api/layers/${leaf.id}`, { parent: target, position: 0 });
    if (record(answer, 200)) {
      leaf.parent = target;
      leaf.possibleParents = new Set([target]);
    } else if (answer) leaf.possibleParents = new Set([leaf.parent]);
  } else if (roll < 0.9) {
    const layer = pick([...ledger.liveLayers(workspace, false), ...ledger.liveLayers(workspace, true)]);
    if (!layer) return;
    layer.deleteIssued = true;
    if (record(await call(base, 'DELETE', `/api/layers/${layer.id}`), 204)) layer.deleted = true;
  } else if (roll < 0.95) {
    const datasource = pick([...ledger.datasources.values()].filter((d) => !d.deleteIssued));
    if (!datasource) return;
    datasource.deleteIssued = true;
    if (record(await call(base, 'DELETE', `/api/datasources/${datasource.id}`), 204))
      datasource.deleted = true;
  } else {
    workspace.deleteIssued = true;
    if (record(await call(base, 'DELETE', `/api/workspaces/${workspace.id}`), 204)) workspace.deleted = true;
  }
}

/** Writes from `concurrency` clients at once until the server is killed after `killAfter` acknowledged ones. */
async function burstUntilKilled(server: ServerProcess, ledger: Ledger, xyzType: number, round: number) {
  const killAfter = ledger.acknowledgedWrites + 20 + Math.floor(Math.random() * 40);
  const deadline = Date.now() + 60_000;
  let killed = false;
  const client = async () => {
    while (!killed) {
      if (Date.now() > deadline || failures.length > 0) {
        killed = true;
        server.child.kill('SIGKILL');
        throw new Error(`The burst did not get ${killAfter} writes acknowledged: ${failures.join('; ')}`);
      }
      await write(server.url, ledger, xyzType, round);
      if (!killed && ledger.acknowledgedWrites >= killAfter) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  await server.exited;
}

/** A user of its own, activated through the mail in DATA_DIR/outbox, with an account. */
async function signUp(server: ServerProcess) {
  const user = { username: 'crash', email: 'crash@example.org', password: 'Correct-Horse-Battery-9' };
  const registered = await call(server.url, 'POST', '/api/auth/register', user);
  if (!acknowledged(registered, 201)) throw new Error(`register: ${JSON.stringify(registered)}`);
  const outbox = path.join(server.dataDir, 'outbox');
  let link: RegExpExecArray | null = null;
  for (const started = Date.now(); !link; await sleep(100)) {
    if (Date.now() - started > 20_000) throw new Error('No activation mail in the outbox');
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    const text = mails.map((name) => fs.readFileSync(path.join(outbox, name), 'utf8')).join('\n');
    link = /\/activation\/([^/\s]+)\/([^/\s]+)/.exec(text.replace(/=\r?\n/g, ''));
  }
  const activated = await call(server.url, 'GET', `/api/activate/${link[1]}/${link[2]}/`);
  if (activated?.status !== 200) throw new Error(`activate: ${JSON.stringify(activated)}`);
  const login = await call(server.url, 'POST', '/auth/login/', {
    username: user.username,
    password: user.password,
  });
  if (login?.status !== 200) throw new Error(`login: ${JSON.stringify(login)}`);
  session.token = (login.body as { auth_token: string }).auth_token;
  session.userId = registered.body.id;
  const account = await call(server.url, 'POST', '/api/accounts', {
    admin: session.userId,
    name: 'Crash',
    description: 'the account of the durability test',
  });
  if (!acknowledged(account, 201)) throw new Error(`account: ${JSON.stringify(account)}`);
  session.accountId = account.body.id;
}

type TreeLayer = { id: number; name: string; layers: TreeLayer[] };

async function get<T>(base: string, url: string): Promise<T> {
  const answer = await call(base, 'GET', url);
  if (answer?.status !== 200)
    throw new Error(`GET ${url}: ${answer?.status} ${JSON.stringify(answer?.body)}`);
  return answer.body as T;
}

/** Through the API of the restarted server: every acknowledged write, nothing half-written. */
async function verify(base: string, ledger: Ledger) {
  const workspaceIds = new Set(
    (await get<{ results: { id: number }[] }>(base, '/api/workspaces?page_size=1000')).results.map(
      (w) => w.id,
    ),
  );
  for (const workspace of ledger.workspaces.values()) {
    if (!workspace.deleteIssued) expect(workspaceIds, `workspace ${workspace.id}`).toContain(workspace.id);
    if (workspace.deleted)
      expect(workspaceIds, `deleted workspace ${workspace.id}`).not.toContain(workspace.id);
  }
  const parents = new Map<number, number | null>();
  for (const id of workspaceIds) {
    const tree = await get<{ results: TreeLayer[] }>(base, `/api/layers?workspace=${id}`);
    // Created in one transaction with its workspace: never one without the other.
    expect(
      tree.results.map((layer) => layer.name),
      `workspace ${id}`,
    ).toContain(offlineBaseLayer.name);
    const walk = (layers: TreeLayer[], parent: number | null) => {
      for (const layer of layers) {
        parents.set(layer.id, parent);
        walk(layer.layers, layer.id);
      }
    };
    walk(tree.results, null);
  }
  for (const layer of ledger.layers.values()) {
    if (layer.deleted) expect(parents.has(layer.id), `deleted layer ${layer.id}`).toBe(false);
    if (
      layer.group
        ? layer.deleteIssued || ledger.workspaces.get(layer.workspace)?.deleteIssued
        : !ledger.certain(layer)
    )
      continue;
    expect(parents.has(layer.id), `layer ${layer.id}`).toBe(true);
    expect([...layer.possibleParents], `parent of layer ${layer.id}`).toContain(parents.get(layer.id));
  }
  const datasourceIds = new Set(
    (await get<{ results: { id: number }[] }>(base, '/api/datasources?page_size=1000')).results.map(
      (d) => d.id,
    ),
  );
  for (const datasource of ledger.datasources.values()) {
    if (!datasource.deleteIssued)
      expect(datasourceIds, `data source ${datasource.id}`).toContain(datasource.id);
    if (datasource.deleted)
      expect(datasourceIds, `deleted data source ${datasource.id}`).not.toContain(datasource.id);
  }
  // The unfiltered count comes from the account's counter (migration 0006), a search's from the rows.
  const counted = await get<{ count: number }>(base, `/api/datasources?account=${session.accountId}`);
  const rows = await get<{ count: number }>(
    base,
    `/api/datasources?account=${session.accountId}&search=crash`,
  );
  expect(counted.count).toBe(rows.count);
  expect(counted.count).toBe(datasourceIds.size);
}

/** On the stopped server's database: the same invariants in SQL, over rows the API never lists. */
async function verifyDatabase(query: Query) {
  const headless = await query<{ id: number }>(
    `select w.id from workspaces w where not exists (
       select 1 from layers l where l.workspace_id = w.id and l.parent_id is null and l.name = '${offlineBaseLayer.name}')`,
  );
  expect(headless, 'workspaces without their base layer').toEqual([]);
  const orphans = await query<{ id: number }>(
    `select l.id from layers l left join layers p on p.id = l.parent_id
     where l.parent_id is not null and (p.id is null or p.workspace_id <> l.workspace_id)`,
  );
  expect(orphans, 'layers whose parent is gone').toEqual([]);
  const crowded = await query<{ parent: number }>(
    `select coalesce(parent_id, -workspace_id) as parent from layers
     group by workspace_id, parent_id, position having count(*) > 1`,
  );
  expect(crowded, 'siblings sharing a position').toEqual([]);
  const miscounted = await query<{ id: number }>(
    `select a.id from accounts a
     where a.datasource_count <> (select count(*) from datasources d where d.account_id = a.id)`,
  );
  expect(miscounted, 'accounts whose data source count disagrees with the rows').toEqual([]);
}

async function crashRounds(target: Target) {
  const ledger = new Ledger();
  let server = await startServerProcess({ ...target.env, LOG_LEVEL: 'warn' });
  await signUp(server);
  const types = await get<{ results: { id: number; key: string }[] }>(server.url, '/api/datasourcetypes');
  const xyzType = (types.results.find((type) => type.key === 'xyz') as { id: number }).id;
  for (let round = 1; round <= rounds; round++) {
    await burstUntilKilled(server, ledger, xyzType, round);
    if (!target.env.DATABASE_URL) {
      // As after a container restart, the dead server's pid now names a live process (this one).
      const lockFile = path.join(server.dataDir, 'server.lock');
      const stale = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
      fs.writeFileSync(lockFile, JSON.stringify({ ...stale, pid: process.pid }));
    }
    // The same DATA_DIR or database, started as an operator would: no clean-up in between.
    server = await startServerProcess({ ...target.env, LOG_LEVEL: 'warn' });
    await verify(server.url, ledger);
    expect(failures).toEqual([]);
  }
  expect(ledger.acknowledgedWrites).toBeGreaterThanOrEqual(rounds * 20);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  await target.inspect(verifyDatabase);
}

describe('crash durability', () => {
  it('keeps every acknowledged write through five SIGKILLs on the embedded database', async () => {
    const target = await pgliteTarget();
    try {
      await crashRounds(target);
    } finally {
      await target.drop();
    }
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps every acknowledged write through five SIGKILLs on PostgreSQL',
    async () => {
      const target = await postgresTarget();
      try {
        await crashRounds(target);
      } finally {
        await target.drop();
      }
    },
    240_000,
  );
});
