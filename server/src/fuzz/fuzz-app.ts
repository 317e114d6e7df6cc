import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { checkAddress, createUrlFetcher, UrlFetchError, type UrlFetcher } from '../lib/url-fetch/index.js';
import { seedReferenceData } from '../startup/reference-data.js';
import { openTestDatabase, type TestApp } from '../test/app.js';
import { type MailServer, startMailServer } from '../test/mail-server.js';

/**
 * The real fetcher, with every host name resolved to loopback: the address policy then
 * refuses it before connecting, as it refuses an intranet address. IP literals skip the
 * resolver, so a public one is refused here. The fuzzer's URLs run every check and
 * parse of the server's fetch path, and not one packet leaves the machine.
 */
export function loopbackOnlyFetcher(): UrlFetcher {
  const real = createUrlFetcher({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
  const guard = (url: string) => {
    let hostname: string;
    try {
      hostname = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    } catch {
      return; // The real fetcher says what is wrong with it.
    }
    if (isIP(hostname) !== 0 && checkAddress(hostname).allowed)
      throw new UrlFetchError('unreachable', `The host ${hostname} could not be reached.`);
  };
  return {
    fetch: async (url, options) => {
      guard(url);
      return real.fetch(url, options);
    },
    stream: async (url, options) => {
      guard(url);
      return real.stream(url, options);
    },
  };
}

/** An app as the API tests build it (server/src/test/app.ts), with the loopback-only fetcher and generous limits. */
export async function startFuzzApp(): Promise<{ t: TestApp; mail: MailServer }> {
  const mail = await startMailServer();
  const config = loadConfig({
    DATA_DIR: '/tmp/geows-test-unused',
    LOG_LEVEL: 'silent',
    SMTP_URL: mail.url,
    // The fuzzer signs in and registers far more often than a person; throttling is tested elsewhere.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const database = await openTestDatabase();
  const ctx = await createContext(config, database, { secretKey: randomBytes(32).toString('hex') });
  ctx.fetcher = loopbackOnlyFetcher();
  await seedReferenceData(ctx);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const t: TestApp = {
    app,
    database,
    config,
    secrets: ctx.secrets,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  return { t, mail };
}
