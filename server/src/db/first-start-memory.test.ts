import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openPglite } from './client.js';

it("keeps none of a new database's creation in memory (a first start's 890 MB, issue 26)", async () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'geows-first-start-')), 'pgdata');
  const database = await openPglite(dataDir);
  try {
    // PGlite creates a database with two more WebAssembly instances (initdb, and a PostgreSQL
    // for it): left on the database's thread they held 400 MB more (680 MB here instead of 280).
    expect(process.memoryUsage().rss / 2 ** 20).toBeLessThan(500);
  } finally {
    await database.close();
  }
});
