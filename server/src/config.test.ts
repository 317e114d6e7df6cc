import { describe, expect, it } from 'vitest';
import { ConfigError, listeningOrigin, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 8000 on 127.0.0.1, data in <dir>/data, info logging and no database, mail or analytics', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'no-reply@localhost',
      publicUrl: undefined,
      logLevel: 'info',
      analytics: null,
    });
  });

  it('limits data source inspections and uploads in flight: 2 per user, 4 per account, 8 in all, or as set', () => {
    expect(loadConfig({}).expensiveCalls).toEqual({ perUser: 2, perAccount: 4, total: 8 });
    expect(loadConfig({}).proxyCalls).toEqual({ perUser: 12, perAccount: 64, total: 128 });
    expect(loadConfig({ PROXY_CALLS_PER_USER: '20' }).proxyCalls.perUser).toBe(20);
    expect(
      loadConfig({
        EXPENSIVE_CALLS_PER_USER: '3',
        EXPENSIVE_CALLS_PER_ACCOUNT: '6',
        EXPENSIVE_CALLS_TOTAL: '20',
      }).expensiveCalls,
    ).toEqual({ perUser: 3, perAccount: 6, total: 20 });
  });

  it("samples elevation profiles from PDOK's AHN (0.5 m terrain) by default, or the WCS and coverage set", () => {
    expect(loadConfig({}).elevationWcs).toEqual({
      url: 'https://service.pdok.nl/rws/ahn/wcs/v1_0',
      coverage: 'dtm_05m',
    });
    expect(
      loadConfig({ ELEVATION_WCS_URL: 'http://127.0.0.1:8080/wcs?map=dem', ELEVATION_WCS_COVERAGE: 'dem_1m' })
        .elevationWcs,
    ).toEqual({ url: 'http://127.0.0.1:8080/wcs?map=dem', coverage: 'dem_1m' });
  });

  it('keeps 32 MB of decoded elevation windows by default, or ELEVATION_CACHE_MB', () => {
    expect(loadConfig({}).elevationCacheBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ ELEVATION_CACHE_MB: '0.5' }).elevationCacheBytes).toBe(512 * 1024);
    expect(() => loadConfig({ ELEVATION_CACHE_MB: '-1' })).toThrow(/ELEVATION_CACHE_MB/);
  });

  it("leaves the embedded database's cache to its default, or EMBEDDED_DB_CACHE_MB in whole megabytes", () => {
    expect(loadConfig({}).embeddedDbCacheMb).toBeUndefined();
    expect(loadConfig({ EMBEDDED_DB_CACHE_MB: '' }).embeddedDbCacheMb).toBeUndefined();
    expect(loadConfig({ EMBEDDED_DB_CACHE_MB: '128' }).embeddedDbCacheMb).toBe(128);
    for (const wrong of ['0', '1.5', '2048', 'lots', '-16']) {
      expect(() => loadConfig({ EMBEDDED_DB_CACHE_MB: wrong })).toThrow(
        /EMBEDDED_DB_CACHE_MB must be a whole number of megabytes from 1 to 1024/,
      );
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8000);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/geows',
      DATABASE_URL: 'postgres://u:p@db:5432/geows',
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      MAIL_FROM: 'maps@example.org',
      PUBLIC_URL: 'https://maps.example.org/',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/geows',
      databaseUrl: 'postgres://u:p@db:5432/geows',
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      mailFrom: 'maps@example.org',
      publicUrl: 'https://maps.example.org',
      logLevel: 'warn',
    });
    expect(listeningOrigin(config)).toBe('http://127.0.0.1:9000');
  });

  it.each([
    ['PORT', 'eighty', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be a whole number/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must be a postgres/],
    ['SMTP_URL', 'http://mail', /SMTP_URL must be an smtp/],
    ['MAIL_FROM', 'nobody', /MAIL_FROM must be an e-mail address/],
    ['PUBLIC_URL', 'ftp://x', /PUBLIC_URL must be an http/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['EXPENSIVE_CALLS_PER_USER', '0', /EXPENSIVE_CALLS_PER_USER must be a whole number from 1 to 1000/],
    ['EXPENSIVE_CALLS_PER_ACCOUNT', 'many', /EXPENSIVE_CALLS_PER_ACCOUNT must be a whole number/],
    ['EXPENSIVE_CALLS_TOTAL', '2.5', /EXPENSIVE_CALLS_TOTAL must be a whole number/],
    ['ELEVATION_WCS_URL', 'ftp://x', /ELEVATION_WCS_URL must be an http\(s\) URL/],
  ])('stops with a one-line error naming %s for a bad value', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).toContain(name);
    }
  });
});
