// Run as a process of its own by client.ts (createInOwnProcess): makes a new embedded database
// in the directory and with the sizing it is given, closes it cleanly, and exits.
import { PGlite } from '@electric-sql/pglite';
import { type PgliteStorage, pgliteOptions } from './pglite-storage.js';

const { dataDir, ...sizing } = JSON.parse(process.argv[2] ?? '{}') as PgliteStorage;
if (!dataDir) throw new Error('pglite-create needs the data directory');
await (await PGlite.create(pgliteOptions(dataDir, sizing))).close();
