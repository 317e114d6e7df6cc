import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { type Config, ConfigError, listeningOrigin, loadConfig } from './config.js';
import { createContext } from './context.js';
import { DataDirLockedError } from './db/lock.js';
import { deleteStaleUploads } from './modules/datasources/upload.service.js';
import { writeOperatorSecret } from './operator/operator.routes.js';
import { cleanUp } from './startup/housekeeping.js';
import { type OpenDatabase, openDatabase } from './startup/open-database.js';

/**
 * Start-up: configuration → lock → database, migrations and reference data → listen.
 * Shutdown on SIGTERM/SIGINT: stop accepting, let in-flight requests and background
 * mails finish, close the database cleanly, release the lock. A signal that arrives
 * during start-up is honoured once start-up reaches a safe point (migrations done).
 */
async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return superviseWorkers(config);
  let stopRequested: string | null = null;
  let stop: (signal: string) => Promise<void> = async (signal) => {
    stopRequested = signal;
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const opened: OpenDatabase = await openDatabase(config);
  const { database, lock } = opened;
  try {
    if (stopRequested) {
      await opened.close();
      process.exit(0);
    }
    const ctx = await createContext(config, database);
    const app = await buildApp(ctx, { operatorSecret: writeOperatorSecret(config.dataDir) });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    lock?.update({ url: listeningOrigin({ host: config.host, port }) });
    app.log.info(`Serving ${listeningOrigin({ host: config.host, port })} (database: ${database.kind})`);

    const tidy = () =>
      Promise.all([
        cleanUp(ctx.db, config.tokenMaxAgeMs, config.auditRetentionDays),
        deleteStaleUploads(config.dataDir),
      ]);
    const housekeeping = setInterval(
      () => void tidy().catch((error) => app.log.warn({ err: error }, 'clean-up failed')),
      60 * 60_000,
    );
    housekeeping.unref();
    void tidy().catch(() => {});

    let stopping = false;
    stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal} received: finishing in-flight requests`);
      const timer = setTimeout(() => {
        app.log.error('Shutdown took too long; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      timer.unref();
      clearInterval(housekeeping);
      await app.close();
      await ctx.background.drain();
      ctx.mailer.close();
      await opened.close();
      app.log.info('Stopped cleanly');
      process.exit(0);
    };
    if (stopRequested) await stop(stopRequested);
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}

/**
 * WORKERS=N (PostgreSQL only): N server processes share the port (node:cluster hands out
 * the connections). They share everything through the database — tokens, throttles, share
 * links — and keep their caches exact through NOTIFY (modules/auth/token-cache.ts). This
 * process only starts them, starts a new one when one dies, and passes signals on.
 */
function superviseWorkers(config: Config) {
  let stopping = false;
  const ready = new Set<number>();
  const start = () =>
    cluster.fork().on('listening', function (this: { id: number }) {
      ready.add(this.id);
    });
  for (let i = 0; i < config.workers; i++) start();
  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!ready.has(worker.id)) {
      // It never served: the same error would stop every new one (its message is above).
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (alive === 0) process.exit(1);
      return;
    }
    process.stderr.write(
      `Server process ${worker.process.pid} stopped (${signal ?? code}); starting another\n`,
    );
    setTimeout(start, 1000).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 2000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
