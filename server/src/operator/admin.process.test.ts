import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/server-process.js';

const serverRoot = path.resolve(import.meta.dirname, '../..');

function admin(dataDir: string, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/operator/admin.ts', ...args],
    {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run admin', () => {
  it('works on the embedded database with no server running', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-admin-'));
    const added = admin(
      dataDir,
      'site',
      'add',
      '--origin',
      'https://maps.example.org/',
      '--title',
      'Maps',
      '--email',
      'help@example.org',
    );
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      origin: 'https://maps.example.org',
      title: 'Maps',
      email: 'help@example.org',
    });
    const list = admin(dataDir, 'site', 'list');
    expect(list.status).toBe(0);
    const sites = JSON.parse(list.stdout) as { origin: string; default: boolean }[];
    expect(sites.map((s) => s.origin)).toContain('https://maps.example.org');
    expect(sites.filter((s) => s.default)).toHaveLength(1);
    const plans = JSON.parse(admin(dataDir, 'plan', 'list').stdout) as { name: string }[];
    expect(plans.map((p) => p.name)).toEqual(['Trial', 'Basic', 'Pro']);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 150_000);

  it('is carried out by the running server that holds DATA_DIR', async () => {
    const server = await startServerProcess();
    try {
      const added = admin(
        server.dataDir,
        'site',
        'add',
        '--origin',
        'https://atlas.example.com',
        '--title',
        'Atlas',
      );
      expect(added.stderr).toBe('');
      expect(added.status).toBe(0);
      const res = await fetch(`${server.url}/api/sites?site=https://atlas.example.com`);
      const body = (await res.json()) as { results: { title: string }[] };
      expect(body.results[0]?.title).toBe('Atlas');
      const plan = admin(server.dataDir, 'plan', 'add', '--name', 'Enterprise');
      expect(JSON.parse(plan.stdout)).toMatchObject({ name: 'Enterprise' });
      const missing = admin(server.dataDir, 'user', 'activate', 'nobody');
      expect(missing.status).toBe(1);
      expect(missing.stderr).toBe('No user named nobody\n');
      expect(fs.statSync(path.join(server.dataDir, 'operator.secret')).mode & 0o777).toBe(0o600);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 150_000);

  it('refuses operator calls without the secret', async () => {
    const server = await startServerProcess();
    try {
      const res = await fetch(`${server.url}/api/operator`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-operator-secret': 'guess' },
        body: JSON.stringify({ command: 'user list', options: {}, positionals: [] }),
      });
      expect(res.status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 150_000);

  it('answers usage errors with exit 2 and one line, and prints help', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-admin-'));
    const unknown = admin(dataDir, 'frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('Unknown command: frobnicate (see --help)\n');
    const missing = admin(dataDir, 'site', 'add', '--title', 'x');
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain('--origin is required');
    const help = admin(dataDir, '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('user mfa-required USERNAME on|off');
    const commandHelp = admin(dataDir, 'site', 'add', '--help');
    expect(commandHelp.stdout).toContain('--origin');
    const badFlag = admin(dataDir, 'user', 'mfa-required', 'someone', 'maybe');
    expect(badFlag.status).toBe(1);
  }, 150_000);
});
