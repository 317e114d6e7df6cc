import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError, readLock } from '../db/lock.js';
import { resolveSecretKey } from '../lib/crypto.js';
import { openDatabase } from '../startup/open-database.js';
import { createBackup, postgresBackupAdvice, writePrivateFile } from './backup.js';
import { restoreBackup } from './backup-restore.js';
import { commands, type Invocation, OperatorError, runCommand } from './commands.js';

/**
 * `npm run admin -- <group> <action> [options]` (docs/api.md, Operator commands; README.md).
 * Exit 0 with JSON on stdout; 1 with one line on stderr; 2 for a usage error.
 */
class UsageError extends Error {}

const groups = [...new Set(Object.keys(commands).map((name) => name.split(' ')[0] as string))];

/** Commands on the whole DATA_DIR and a file of the operator's, carried out by the command line itself. */
const fileCommands: Record<
  string,
  { usage: string; summary: string; run(config: Config, file: string): Promise<unknown> }
> = {
  backup: {
    usage: 'backup FILE',
    summary: 'write a consistent copy of the embedded database to FILE (one .tar.gz), server running or not',
    run: backup,
  },
  restore: {
    usage: 'restore FILE',
    summary: 'restore a backup into an empty or absent DATA_DIR, with no server running',
    run: restoreBackup,
  },
};

function overview(): string {
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...[...Object.values(commands), ...Object.values(fileCommands)].map(
      (c) => `  ${c.usage.padEnd(62)} ${c.summary}`,
    ),
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

/** A call to the server that holds DATA_DIR, over loopback, with the operator secret. */
async function callServer(url: string, dataDir: string, route: string, body?: unknown): Promise<Response> {
  let secret: string;
  try {
    secret = fs.readFileSync(path.join(dataDir, 'operator.secret'), 'utf8').trim();
  } catch {
    throw new OperatorError(
      `A server is using ${dataDir}, but its operator secret cannot be read (run as the same user)`,
    );
  }
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: {
      'x-operator-secret': secret,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => {
    throw new OperatorError(`A server holds ${dataDir} but does not answer at ${url}`);
  });
  if (!response.ok) {
    const failure = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new OperatorError(failure.detail ?? `The server answered ${response.status}`);
  }
  return response;
}

async function runRemote(url: string, dataDir: string, invocation: Invocation): Promise<unknown> {
  const response = await callServer(url, dataDir, '/api/operator', invocation);
  return ((await response.json()) as { result?: unknown }).result;
}

/**
 * The embedded database can be copied consistently only by the process that has it open:
 * the running server when there is one, else this command, which opens DATA_DIR itself.
 */
async function backup(config: Config, file: string) {
  if (config.databaseUrl) throw new OperatorError(postgresBackupAdvice(file));
  const owner = await readLock(config.dataDir);
  let bytes: number;
  if (owner?.url) {
    const response = await callServer(owner.url, config.dataDir, '/api/operator/backup');
    if (!response.body) throw new OperatorError('The server sent no backup');
    bytes = await writePrivateFile(file, response.body);
  } else {
    const opened = await openDatabase(config);
    try {
      const key = await resolveSecretKey(config.secretKey, config.dataDir, opened.database);
      const made = await createBackup(opened.database, {
        value: key,
        fromEnvironment: config.secretKey !== undefined,
      });
      bytes = await writePrivateFile(file, made.bytes);
    } finally {
      await opened.close();
    }
  }
  return {
    file: path.resolve(file),
    bytes,
    secret_key:
      config.secretKey === undefined
        ? 'the key of the sealed secrets (DATA_DIR/secret.key) is in the file: keep it as safe as DATA_DIR'
        : 'made with SECRET_KEY, which is not in the file: restore needs the same SECRET_KEY',
  };
}

async function runFileCommand(argv: string[]): Promise<{ help: string } | { result: unknown }> {
  const [name, ...rest] = argv as [string, ...string[]];
  const command = fileCommands[name] as (typeof fileCommands)[string];
  if (rest.includes('--help') || rest.includes('-h'))
    return { help: `Usage: npm run admin -- ${command.usage}\n\n${command.summary}` };
  const [file, ...extra] = rest;
  if (!file || extra.length > 0 || file.startsWith('-'))
    throw new UsageError(`Expected FILE (usage: ${command.usage})`);
  // `npm run` moves to the project's folder; FILE means the folder the operator typed it in.
  return {
    result: await command.run(loadConfig(), path.resolve(process.env.INIT_CWD ?? process.cwd(), file)),
  };
}

async function runLocal(invocation: Invocation): Promise<unknown> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const owner = await readLock(config.dataDir);
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
    if (argv[0] && Object.hasOwn(fileCommands, argv[0])) {
      const outcome = await runFileCommand(argv);
      process.stdout.write(
        'help' in outcome ? `${outcome.help}\n` : `${JSON.stringify(outcome.result, null, 2)}\n`,
      );
      return 0;
    }
    const invocation = parseInvocation(argv);
    if ('help' in invocation) {
      process.stdout.write(`${invocation.help}\n`);
      return 0;
    }
    const result = await runLocal(invocation);
    const jsonLines = commands[invocation.command]?.output === 'json-lines' && Array.isArray(result);
    process.stdout.write(
      jsonLines
        ? result.map((item) => `${JSON.stringify(item)}\n`).join('')
        : `${JSON.stringify(result, null, 2)}\n`,
    );
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
