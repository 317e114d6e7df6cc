import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError, readLock } from '../db/lock.js';
import { openDatabase } from '../startup/open-database.js';
import { commands, type Invocation, OperatorError, runCommand } from './commands.js';

/**
 * `npm run admin -- <group> <action> [options]` (docs/api.md, Operator commands; README.md).
 * Exit 0 with JSON on stdout; 1 with one line on stderr; 2 for a usage error.
 */
class UsageError extends Error {}

const groups = [...new Set(Object.keys(commands).map((name) => name.split(' ')[0] as string))];

function overview(): string {
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(62)} ${c.summary}`),
    '',
    'Each command takes --help. Uses the same environment as npm start (DATA_DIR or DATABASE_URL).',
  ].join('\n');
}

function commandHelp(name: string): string {
  const command = commands[name];
  if (!command) return overview();
  const lines = [`Usage: npm run admin -- ${command.usage}`, '', command.summary];
  if (command.options) {
    lines.push('', 'Options:');
    for (const [option, { description, required }] of Object.entries(command.options)) {
      lines.push(`  --${option.padEnd(10)} ${description}${required ? ' (required)' : ''}`);
    }
  }
  return lines.join('\n');
}

export function parseInvocation(argv: string[]): Invocation | { help: string } {
  const [group, action, ...rest] = argv;
  if (!group || group === '--help' || group === '-h' || group === 'help') return { help: overview() };
  if (!groups.includes(group)) throw new UsageError(`Unknown command: ${group} (see --help)`);
  if (!action || action === '--help' || action === '-h') {
    return {
      help: Object.values(commands)
        .filter((c) => c.usage.startsWith(`${group} `))
        .map((c) => commandHelp(c.usage.split(' ').slice(0, 2).join(' ')))
        .join('\n\n'),
    };
  }
  const name = `${group} ${action}`;
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command: ${name} (see --help)`);
  if (rest.includes('--help') || rest.includes('-h')) return { help: commandHelp(name) };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(
        Object.keys(command.options ?? {}).map((option) => [option, { type: 'string' as const }]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see npm run admin -- ${name} --help)`);
  }
  for (const [option, { required }] of Object.entries(command.options ?? {})) {
    if (required && parsed.values[option] === undefined)
      throw new UsageError(`--${option} is required (usage: ${command.usage})`);
  }
  const expected = command.positionals ?? [];
  if (parsed.positionals.length !== expected.length) {
    throw new UsageError(`Expected ${expected.join(' ') || 'no arguments'} (usage: ${command.usage})`);
  }
  const options = Object.fromEntries(
    Object.entries(parsed.values).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
  );
  return { command: name, options, positionals: parsed.positionals };
}

/** Runs inside the server that holds DATA_DIR, over loopback, with the operator secret. */
async function runRemote(url: string, dataDir: string, invocation: Invocation): Promise<unknown> {
  let secret: string;
  try {
    secret = fs.readFileSync(path.join(dataDir, 'operator.secret'), 'utf8').trim();
  } catch {
    throw new OperatorError(
      `A server is using ${dataDir}, but its operator secret cannot be read (run as the same user)`,
    );
  }
  const response = await fetch(`${url}/api/operator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-secret': secret },
    body: JSON.stringify(invocation),
  }).catch(() => {
    throw new OperatorError(`A server holds ${dataDir} but does not answer at ${url}`);
  });
  const body = (await response.json().catch(() => ({}))) as { result?: unknown; detail?: string };
  if (!response.ok) throw new OperatorError(body.detail ?? `The server answered ${response.status}`);
  return body.result;
}

async function runLocal(invocation: Invocation): Promise<unknown> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const owner = readLock(config.dataDir);
    if (owner?.url) return runRemote(owner.url, config.dataDir, invocation);
  }
  const opened = await openDatabase(config);
  try {
    return await runCommand(opened.database.db, invocation);
  } finally {
    await opened.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    const invocation = parseInvocation(argv);
    if ('help' in invocation) {
      process.stdout.write(`${invocation.help}\n`);
      return 0;
    }
    const result = await runLocal(invocation);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    const known =
      error instanceof OperatorError || error instanceof ConfigError || error instanceof DataDirLockedError;
    process.stderr.write(
      `${known ? (error as Error).message : `Failed: ${(error as Error).message ?? String(error)}`}\n`,
    );
    return 1;
  }
}
