import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed once at start-up (README.md, Configuration). Empty strings count
 * as unset so that `PORT= npm start` behaves like no PORT at all.
 */
const optionalString = z.string().trim().min(1).optional();
const origin = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` })
    .transform((value) => new URL(value).origin);

/** A number of calls in flight at once (lib/expensive-calls.ts). */
const callLimit = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to 1000` })
    .int(`${name} must be a whole number from 1 to 1000`)
    .min(1, `${name} must be a whole number from 1 to 1000`)
    .max(1000, `${name} must be a whole number from 1 to 1000`)
    .default(fallback);

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number from 0 to 65535' })
    .int('PORT must be a whole number from 0 to 65535')
    .min(0, 'PORT must be a whole number from 0 to 65535')
    .max(65535, 'PORT must be a whole number from 0 to 65535')
    .default(8000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.email({ error: 'MAIL_FROM must be an e-mail address' }).default('no-reply@localhost'),
  SUPPORT_EMAIL: z.email({ error: 'SUPPORT_EMAIL must be an e-mail address' }).optional(),
  PUBLIC_URL: origin('PUBLIC_URL').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: boolean.default(false),
  ANALYTICS_PROVIDER: z
    .enum(['plausible', 'ga4'], { error: 'ANALYTICS_PROVIDER must be plausible or ga4' })
    .optional(),
  ANALYTICS_ID: optionalString,
  ANALYTICS_HOST: origin('ANALYTICS_HOST').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WORKERS: z.coerce
    .number({ error: 'WORKERS must be a whole number from 1 to 64' })
    .int('WORKERS must be a whole number from 1 to 64')
    .min(1, 'WORKERS must be a whole number from 1 to 64')
    .max(64, 'WORKERS must be a whole number from 1 to 64')
    .default(1),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  PASSWORD_MIN_LENGTH: z.coerce
    .number({ error: 'PASSWORD_MIN_LENGTH must be a whole number from 4 to 128' })
    .int()
    .min(4, 'PASSWORD_MIN_LENGTH must be a whole number from 4 to 128')
    .max(128, 'PASSWORD_MIN_LENGTH must be a whole number from 4 to 128')
    .default(8),
  TOKEN_IDLE_DAYS: z.coerce
    .number({ error: 'TOKEN_IDLE_DAYS must be a number of days' })
    .positive()
    .default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'AUTH_RATE_LIMIT_PER_MINUTE must be a whole number' })
    .int()
    .positive()
    .default(100),
  TOKEN_MAX_DAYS: z.coerce
    .number({ error: 'TOKEN_MAX_DAYS must be a number of days' })
    .positive()
    .default(90),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500' })
    .int('AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500')
    .min(1, 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500')
    .max(36_500, 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500')
    .default(365),
  FETCH_ALLOW_HOSTS: optionalString,
  UPLOAD_MAX_MB: z.coerce
    .number({ error: 'UPLOAD_MAX_MB must be a number of megabytes' })
    .positive('UPLOAD_MAX_MB must be a number of megabytes')
    .max(10_000, 'UPLOAD_MAX_MB must be at most 10000')
    .default(50),
  EXPENSIVE_CALLS_PER_USER: callLimit('EXPENSIVE_CALLS_PER_USER', 2),
  EXPENSIVE_CALLS_PER_ACCOUNT: callLimit('EXPENSIVE_CALLS_PER_ACCOUNT', 4),
  EXPENSIVE_CALLS_TOTAL: callLimit('EXPENSIVE_CALLS_TOTAL', 8),
  PROXY_CALLS_PER_USER: callLimit('PROXY_CALLS_PER_USER', 12),
  PROXY_CALLS_PER_ACCOUNT: callLimit('PROXY_CALLS_PER_ACCOUNT', 64),
  PROXY_CALLS_TOTAL: callLimit('PROXY_CALLS_TOTAL', 128),
  ELEVATION_WCS_URL: z
    .url({ protocol: /^https?$/, error: 'ELEVATION_WCS_URL must be an http(s) URL' })
    .default('https://service.pdok.nl/rws/ahn/wcs/v1_0'),
  ELEVATION_WCS_COVERAGE: z
    .string()
    .trim()
    .min(1)
    .max(200, 'ELEVATION_WCS_COVERAGE must be at most 200 characters')
    .default('dtm_05m'),
  EMBEDDED_DB_CACHE_MB: z.coerce
    .number({ error: 'EMBEDDED_DB_CACHE_MB must be a whole number of megabytes from 1 to 1024' })
    .int('EMBEDDED_DB_CACHE_MB must be a whole number of megabytes from 1 to 1024')
    .min(1, 'EMBEDDED_DB_CACHE_MB must be a whole number of megabytes from 1 to 1024')
    .max(1024, 'EMBEDDED_DB_CACHE_MB must be a whole number of megabytes from 1 to 1024')
    .optional(),
  ELEVATION_CACHE_MB: z.coerce
    .number({ error: 'ELEVATION_CACHE_MB must be a number of megabytes from 0 to 4096' })
    .min(0, 'ELEVATION_CACHE_MB must be a number of megabytes from 0 to 4096')
    .max(4096, 'ELEVATION_CACHE_MB must be a number of megabytes from 0 to 4096')
    .default(32),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  trustProxy: boolean;
  analytics:
    | { provider: 'plausible'; domain: string; apiHost: string }
    | { provider: 'ga4'; measurementId: string }
    | null;
  shutdownTimeoutMs: number;
  /** Server processes (node:cluster) sharing the port; above 1 only on PostgreSQL. */
  workers: number;
  /** Encrypts secrets at rest; from SECRET_KEY, else a key file created in DATA_DIR. */
  secretKey: string | undefined;
  passwordMinLength: number;
  tokenIdleMs: number;
  tokenMaxAgeMs: number;
  /** Per client address, over all sign-in, registration, reset and activation calls. */
  authRateLimitPerMinute: number;
  /** How long the audit trail keeps an event; the hourly housekeeping drops older ones. */
  auditRetentionDays: number;
  /**
   * Hosts (`host` or `host:port`) the server may fetch although they resolve to a
   * loopback or private address: intranet services, and the tests' fixtures.
   */
  fetchAllowHosts: string[];
  /** The largest data file an upload may send, in bytes. */
  uploadMaxBytes: number;
  /**
   * Data source inspections and uploads in flight at once in this process, per user, per
   * account and in all (lib/expensive-calls.ts): more is a 429 with Retry-After.
   */
  expensiveCalls: { perUser: number; perAccount: number; total: number };
  /**
   * Layer proxy requests in flight at once, per reader (a login, or a share link from one
   * client address: a public link has many readers), per account and in all. A browser asks for at most six at a time per origin; the rest is
   * room for a second tab. More is a 429 with Retry-After, which map engines retry.
   */
  proxyCalls: { perUser: number; perAccount: number; total: number };
  /** The built-in ground model of elevation profiles: a WCS 2.0.1 service and its coverage (default PDOK's AHN, 0.5 m). */
  elevationWcs: { url: string; coverage: string };
  /** The decoded height windows elevation profiles keep between calls, in bytes (0: none kept). */
  elevationCacheBytes: number;
  /**
   * The embedded database's page cache (PostgreSQL's shared_buffers) in MB; unset: the
   * database's own default (db/pglite-storage.ts). Unused on PostgreSQL.
   */
  embeddedDbCacheMb: number | undefined;
  /** The built single-page app; absent in API-only test runs. */
  webDist: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const message = issue?.message.startsWith(name) ? issue.message : `${name}: ${issue?.message}`;
    throw new ConfigError(`Invalid configuration: ${message} (got ${JSON.stringify(cleaned[name])})`);
  }
  const e = parsed.data;
  if (e.ANALYTICS_PROVIDER && !e.ANALYTICS_ID) {
    throw new ConfigError('Invalid configuration: ANALYTICS_ID is required when ANALYTICS_PROVIDER is set');
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: WORKERS above 1 needs DATABASE_URL (PostgreSQL): the embedded database in DATA_DIR belongs to one process',
    );
  }
  const analytics: Config['analytics'] =
    e.ANALYTICS_PROVIDER === 'plausible' && e.ANALYTICS_ID
      ? { provider: 'plausible', domain: e.ANALYTICS_ID, apiHost: e.ANALYTICS_HOST ?? 'https://plausible.io' }
      : e.ANALYTICS_PROVIDER === 'ga4' && e.ANALYTICS_ID
        ? { provider: 'ga4', measurementId: e.ANALYTICS_ID }
        : null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL ?? e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    analytics,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    workers: e.WORKERS,
    secretKey: e.SECRET_KEY,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    tokenIdleMs: e.TOKEN_IDLE_DAYS * 86_400_000,
    tokenMaxAgeMs: e.TOKEN_MAX_DAYS * 86_400_000,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    fetchAllowHosts: (e.FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    expensiveCalls: {
      perUser: e.EXPENSIVE_CALLS_PER_USER,
      perAccount: e.EXPENSIVE_CALLS_PER_ACCOUNT,
      total: e.EXPENSIVE_CALLS_TOTAL,
    },
    proxyCalls: {
      perUser: e.PROXY_CALLS_PER_USER,
      perAccount: e.PROXY_CALLS_PER_ACCOUNT,
      total: e.PROXY_CALLS_TOTAL,
    },
    elevationWcs: { url: e.ELEVATION_WCS_URL, coverage: e.ELEVATION_WCS_COVERAGE },
    elevationCacheBytes: Math.round(e.ELEVATION_CACHE_MB * 1024 * 1024),
    embeddedDbCacheMb: e.EMBEDDED_DB_CACHE_MB,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** The origin the server itself answers on, as a browser on this machine would write it. */
export function listeningOrigin(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
