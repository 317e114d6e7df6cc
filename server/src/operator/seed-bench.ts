import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/lock.js';
import { createSecretBox, resolveSecretKey } from '../lib/crypto.js';
import { openDatabase } from '../startup/open-database.js';
import { importBenchTenant, parseBenchTenant, TenantFileError } from './bench-tenant.js';

/**
 * `npm run seed:bench -- FILE`: loads a benchmark tenant into DATA_DIR or DATABASE_URL
 * (../shared/RUNTIME.md, "Benchmark data"), with the server stopped. Exit 0 with a
 * summary as JSON on stdout; 1 with the reason on stderr; 2 for a usage error.
 */
export async function main(argv: string[]): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    process.stderr.write('Usage: npm run seed:bench -- FILE  (a tenant JSON file, e.g. seed.py --dump)\n');
    return 2;
  }
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new TenantFileError(`Cannot read ${file} as JSON: ${(error as Error).message}`);
    }
    const tenant = parseBenchTenant(raw);
    const config = loadConfig();
    const opened = await openDatabase(config);
    try {
      const { database } = opened;
      const box = createSecretBox(await resolveSecretKey(config.secretKey, config.dataDir, database));
      const started = Date.now();
      const summary = await importBenchTenant(database.db, box, tenant);
      process.stdout.write(`${JSON.stringify({ ...summary, seconds: (Date.now() - started) / 1000 })}\n`);
    } finally {
      await opened.close();
    }
    return 0;
  } catch (error) {
    const known =
      error instanceof TenantFileError || error instanceof ConfigError || error instanceof DataDirLockedError;
    process.stderr.write(`${known ? (error as Error).message : `Failed: ${(error as Error).message}`}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
