import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

/** What every module is built from: configuration and the database. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
};
