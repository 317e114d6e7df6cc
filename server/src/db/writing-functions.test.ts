import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writingDatabaseFunctions } from './pglite-group-commit.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file below `dir` whose name passes `keep`. */
async function filesUnder(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The functions the migrations define that are called, not fired (trigger functions are fired). */
async function calledFunctions(): Promise<string[]> {
  const migrations = await filesUnder(path.join(serverRoot, 'migrations'), (name) => name.endsWith('.sql'));
  const names = new Set<string>();
  for (const file of migrations) {
    const sql = await readFile(file, 'utf8');
    for (const match of sql.matchAll(
      /create\s+(?:or\s+replace\s+)?function\s+"?(\w+)"?\s*\([^)]*\)\s*returns\s+(\w+)/gi,
    )) {
      if (match[2]?.toLowerCase() !== 'trigger' && match[1]) names.add(match[1]);
    }
  }
  return [...names];
}

/**
 * The group commit must know every database function the app calls that writes, or each call
 * waits for a WAL flush of its own (a create on PGlite would lose half its speed, silently).
 */
describe('writing database functions', () => {
  it('lists every function of the migrations that the server calls, and only those', async () => {
    const defined = await calledFunctions();
    const sources = await filesUnder(
      path.join(serverRoot, 'src'),
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    const text = (await Promise.all(sources.map((file) => readFile(file, 'utf8')))).join('\n');
    const calledByServer = defined.filter((name) =>
      new RegExp(`\\bfrom\\s+"?${name}"?\\s*\\(`, 'i').test(text),
    );
    expect(calledByServer).toContain('workspace_create');
    expect([...writingDatabaseFunctions].sort()).toEqual(calledByServer.sort());
  });
});
