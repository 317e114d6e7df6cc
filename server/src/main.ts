import { buildApp } from './app.js';
import { ConfigError, listeningOrigin, loadConfig } from './config.js';
import { createContext } from './context.js';
import { cleanUp } from './db/housekeeping.js';
import { DataDirLockedError } from './db/lock.js';
import { type OpenDatabase, openDatabase } from './db/open.js';
import { deleteStaleUploads } from './modules/datasources/upload.service.js';
import { writeOperatorSecret } from './operator/operator.routes.js';

/**
 * Start-up: configuration → lock → database, migrations and reference data → listen.
 * Shutdown on SIGTERM/SIGINT: stop accepting, let in-flight requests and background
 * mails finish, close the database cleanly, release the lock. A signal that arrives
 * during start-up is honoured once start-up reaches a safe point (migrations done).
 */
async function main() {
  const config = loadConfig();
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
      Promise.all([cleanUp(ctx.db, config.tokenMaxAgeMs), deleteStaleUploads(config.dataDir)]);
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
