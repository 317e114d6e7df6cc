import type { Db } from './client.js';

/** What both drivers' clients answer: node-postgres' pool (a query config) and PGlite (text and values). */
type Driver = {
  query(
    query: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{
    rows: unknown[];
  }>;
};

/** Whether the client is node-postgres' pool, which takes a named (prepared) statement. */
const takesNamedStatements = (client: object) => 'totalCount' in client;

/**
 * A read that the hottest calls run on every request, written as SQL once and sent to the
 * driver as it is: building the same statement with Drizzle's query builder and mapping its
 * rows back was a fifth of those requests' time (profiles in BENCHMARKS.md). On PostgreSQL it
 * is a named statement, so each connection parses and plans it once rather than per request.
 *
 * The rows are the driver's, so the SQL must leave nothing to a driver's taste: `::int` on
 * counts (PostgreSQL's bigint arrives as a string in node-postgres), and timestamps as text in
 * ISO form (`isoTimestamp`), which the embedded database's worker thread would otherwise send
 * as text and the in-process one as a Date.
 */
export function leanRead<Row>(name: string, text: string) {
  return async (db: Db, values: unknown[]): Promise<Row[]> => {
    // A transaction has no client of its own to hand out: its reads go through Drizzle.
    const client = (db as unknown as { $client?: Driver }).$client;
    if (!client) throw new Error(`${name}: a lean read runs on the database, not in a transaction`);
    const result = takesNamedStatements(client)
      ? await client.query({ name, text, values })
      : await client.query(text, values);
    return result.rows as Row[];
  };
}

/**
 * Whether `db` is the embedded database (PGlite), where what makes a read cheap differs: there
 * each value of an answer is read in JavaScript and copied between threads, so one JSON text
 * beats many rows; on PostgreSQL rows are cheap and printing long text as JSON costs the server.
 */
export function isEmbedded(db: Db): boolean {
  const client = (db as unknown as { $client?: object }).$client;
  return client !== undefined && !takesNamedStatements(client);
}

/**
 * A timestamp column as `Date#toISOString` prints it (UTC, milliseconds, `Z`), whatever the
 * session's time zone; PostgreSQL's microseconds are cut as JavaScript's Date cuts them.
 */
export const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
