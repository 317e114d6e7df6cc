import type { DatasourceOrdering } from '@geows/contract';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isoTimestamp, leanRead } from '../../db/lean-read.js';
import {
  accounts,
  datasourceFeatures,
  datasources,
  layers,
  workspaceEditors,
  workspaces,
} from '../../db/schema.js';

export type DatasourceRow = typeof datasources.$inferSelect;
/** `ids` in the order of `names`. */
export type DatasourceUsage = { count: number; names: string[]; ids: number[] };
export type DatasourceListRow = Pick<DatasourceRow, 'id' | 'name' | 'typeId' | 'accountId' | 'updatedAt'> & {
  usage: DatasourceUsage;
};

export type DatasourceFilter = {
  accountId?: number | undefined;
  search?: string | undefined;
} & (
  | {
      /** Only the accounts this user administers: the owner's view. */
      adminId: number;
    }
  | {
      /**
       * An editor's view of one workspace: only the sources its layers use, and of their
       * use only the workspaces the editor works in (the others' names are the admin's).
       */
      usedIn: { workspaceId: number; editorId: number };
    }
);

/** `%`, `_` and `\` in a search are meant literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterOf(filter: DatasourceFilter): SQL | undefined {
  return and(
    'adminId' in filter
      ? eq(accounts.adminId, filter.adminId)
      : sql`exists (
          select 1 from ${layers} l where l.workspace_id = ${filter.usedIn.workspaceId} and l.data_source_id = ${datasources.id}
        )`,
    filter.accountId === undefined ? undefined : eq(datasources.accountId, filter.accountId),
    filter.search ? ilike(datasources.name, likePattern(filter.search)) : undefined,
  );
}

/** The workspaces `userId` works in (as admin or editor), for a usage limited to them. */
const workedInBy = (userId: number) =>
  sql`and (w.admin_id = ${userId} or exists (
    select 1 from ${workspaceEditors} e where e.workspace_id = w.id and e.user_id = ${userId}
  ))`;

/**
 * The workspaces whose layers use a data source, as one JSON value per source: a
 * workspace counts once however many of its layers use the source. With `userId`, only
 * the workspaces that user works in.
 */
const usageOf = (datasourceId: SQL | typeof datasources.id, userId?: number) => sql<DatasourceUsage>`(
  select json_build_object(
    'count', count(*),
    'names', coalesce(json_agg(u.name order by u.name, u.id), '[]'),
    'ids', coalesce(json_agg(u.id order by u.name, u.id), '[]')
  )
  from (
    select distinct w.id, w.name
    from ${layers} l join ${workspaces} w on w.id = l.workspace_id
    where l.data_source_id = ${datasourceId} ${userId === undefined ? sql`` : workedInBy(userId)}
  ) u
)`;

/** A list variant's statement: which filters it has and its order (the values vary, not the text). */
type PageShape = { owner: boolean; account: boolean; search: boolean; ordering: DatasourceOrdering };

/**
 * The SQL of one page of data sources: the page is chosen first (the indexes on account and
 * modified date or name serve it), and only its rows get their usage. With the
 * owner's view and no search, the list's count comes along, from the accounts' counters
 * (migration 0006): one statement where a full page took two.
 */
function pageStatement({ owner, account, search, ordering }: PageShape) {
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';
  const byName = ordering.endsWith('name');
  // $1 the owner (or the workspace, then $2 the editor whose workspaces the usage names).
  let next = owner ? 2 : 3;
  const accountParam = account ? `$${next++}` : '';
  const searchParam = search ? `$${next++}` : '';
  const limit = `$${next++}`;
  const offset = `$${next++}`;
  const filters = [
    owner
      ? 'a.admin_id = $1'
      : 'exists (select 1 from layers l where l.workspace_id = $1 and l.data_source_id = d.id)',
    ...(account ? [`d.account_id = ${accountParam}`] : []),
    ...(search ? [`d.name ilike ${searchParam}`] : []),
  ];
  const order = (table: string, name: string) =>
    byName
      ? `${name} ${direction}, ${table}.id ${direction}`
      : `${table}.updated_at ${direction}, ${table}.id ${direction}`;
  const workedIn = owner
    ? ''
    : 'and (w.admin_id = $2 or exists (select 1 from workspace_editors e where e.workspace_id = w.id and e.user_id = $2))';
  const total =
    owner && !search
      ? `, (select coalesce(sum(datasource_count), 0)::int from accounts
           where admin_id = $1${account ? ` and id = ${accountParam}` : ''}) as total`
      : '';
  // The owner sees every use, which the database keeps (migration 0009): computing it for a
  // page was two thirds of the list's time on the embedded database. An editor's is narrower.
  const usage = owner
    ? '(select u.usage from datasource_usage u where u.datasource_id = p.id)'
    : `(
        select json_build_object(
          'count', count(*),
          'names', coalesce(json_agg(u.name order by u.name, u.id), '[]'),
          'ids', coalesce(json_agg(u.id order by u.name, u.id), '[]')
        )
        from (
          select distinct w.id, w.name from layers l join workspaces w on w.id = l.workspace_id
          where l.data_source_id = p.id ${workedIn}
        ) u
      )`;
  // The page as one JSON text: on the embedded database PostgreSQL's answer is read one value at
  // a time and each row copied to the server's thread, which cost more than the database
  // printing the page and the server's thread parsing it.
  return `select json_agg(json_build_object(
        'id', p.id, 'name', p.name, 'typeId', p.type_id, 'accountId', p.account_id,
        'updatedAt', ${isoTimestamp('p.updated_at')}, 'usage', ${usage}
      ) order by ${order('p', 'p.lower_name')})::text as rows${total}
    from (
      select d.id, d.name, d.type_id, d.account_id, d.updated_at, lower(d.name) as lower_name
      from datasources d join accounts a on a.id = d.account_id
      where ${filters.join(' and ')}
      order by ${order('d', 'lower(d.name)')} limit ${limit} offset ${offset}
    ) p`;
}

type PageRow = Omit<DatasourceListRow, 'updatedAt' | 'usage'> & {
  updatedAt: string;
  usage: DatasourceUsage | null;
};
/** The page's rows as JSON text (null for none), and the list's count when the statement tells it. */
type PageAnswer = { rows: string | null; total?: number };
const pageReads = new Map<string, ReturnType<typeof leanRead<PageAnswer>>>();

/**
 * One page of data sources, and the list's count when the same statement could tell it
 * cheaply (else undefined: `countDatasources` says).
 */
export async function listDatasourcePage(
  db: Db,
  filter: DatasourceFilter,
  { ordering, limit, offset }: { ordering: DatasourceOrdering; limit: number; offset: number },
): Promise<{ rows: DatasourceListRow[]; total: number | undefined }> {
  const shape: PageShape = {
    owner: 'adminId' in filter,
    account: filter.accountId !== undefined,
    search: Boolean(filter.search),
    ordering,
  };
  const name = `datasource_page_${Number(shape.owner)}${Number(shape.account)}${Number(shape.search)}${ordering}`;
  let read = pageReads.get(name);
  if (!read) {
    read = leanRead<PageAnswer>(name, pageStatement(shape));
    pageReads.set(name, read);
  }
  const values: unknown[] =
    'adminId' in filter ? [filter.adminId] : [filter.usedIn.workspaceId, filter.usedIn.editorId];
  if (shape.account) values.push(filter.accountId);
  if (filter.search) values.push(likePattern(filter.search));
  values.push(limit, offset);
  const [found] = await read(db, values);
  const rows = found?.rows ? (JSON.parse(found.rows) as PageRow[]) : [];
  return {
    rows: rows.map((row) => ({
      ...row,
      updatedAt: new Date(row.updatedAt),
      usage: normaliseUsage(row.usage),
    })),
    total: found?.total,
  };
}

export async function countDatasources(db: Db, filter: DatasourceFilter): Promise<number> {
  // Unfiltered, the accounts' counts kept by the database (migration 0006) answer it.
  if ('adminId' in filter && !filter.search) {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${accounts.datasourceCount}), 0)::int` })
      .from(accounts)
      .where(
        and(
          eq(accounts.adminId, filter.adminId),
          filter.accountId === undefined ? undefined : eq(accounts.id, filter.accountId),
        ),
      );
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: count() })
    .from(datasources)
    .innerJoin(accounts, eq(accounts.id, datasources.accountId))
    .where(filterOf(filter));
  return row?.total ?? 0;
}

/** A data source with its account's admin, whoever asks: the service decides who may see it. */
export async function findDatasource(
  db: Db,
  id: number,
): Promise<{ datasource: DatasourceRow; adminId: number; usage: DatasourceUsage } | undefined> {
  const [row] = await db
    .select({ datasource: datasources, adminId: accounts.adminId, usage: usageOf(datasources.id) })
    .from(datasources)
    .innerJoin(accounts, eq(accounts.id, datasources.accountId))
    .where(eq(datasources.id, id))
    .limit(1);
  return row && { ...row, usage: normaliseUsage(row.usage) };
}

export async function insertDatasource(
  db: Db,
  values: Pick<typeof datasources.$inferInsert, 'accountId' | 'typeId' | 'name' | 'config' | 'secrets'> &
    Partial<Pick<typeof datasources.$inferInsert, 'featureCount' | 'extent'>>,
): Promise<DatasourceRow> {
  const [row] = await db.insert(datasources).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateDatasource(
  db: Db,
  id: number,
  changes: Partial<Pick<DatasourceRow, 'name' | 'config' | 'secrets' | 'featureCount' | 'extent'>>,
): Promise<DatasourceRow | undefined> {
  const [row] = await db
    .update(datasources)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(datasources.id, id))
    .returning();
  return row;
}

export async function deleteDatasource(db: Db, id: number): Promise<void> {
  await db.delete(datasources).where(eq(datasources.id, id));
}

/** Stores a batch of an upload's features, numbered from `firstSeq`. */
export async function insertFeatures(
  db: Db,
  datasourceId: number,
  firstSeq: number,
  features: Record<string, unknown>[],
): Promise<void> {
  if (features.length === 0) return;
  await db
    .insert(datasourceFeatures)
    .values(features.map((feature, index) => ({ datasourceId, seq: firstSeq + index, feature })));
}

/** The stored features in file order, a chunk at a time (a large upload is never read whole). */
export async function* readFeatures(
  db: Db,
  datasourceId: number,
  chunkSize = 1000,
): AsyncGenerator<Record<string, unknown>[]> {
  let after = -1;
  for (;;) {
    const rows = await db
      .select({ seq: datasourceFeatures.seq, feature: datasourceFeatures.feature })
      .from(datasourceFeatures)
      .where(
        and(eq(datasourceFeatures.datasourceId, datasourceId), sql`${datasourceFeatures.seq} > ${after}`),
      )
      .orderBy(asc(datasourceFeatures.seq))
      .limit(chunkSize);
    if (rows.length === 0) return;
    yield rows.map((row) => row.feature);
    after = rows[rows.length - 1]?.seq ?? after;
    if (rows.length < chunkSize) return;
  }
}

/** node-postgres and PGlite both parse `json`; a driver that hands back text is parsed here. */
function normaliseUsage(value: DatasourceUsage | string | null): DatasourceUsage {
  const usage = typeof value === 'string' ? (JSON.parse(value) as DatasourceUsage) : value;
  return { count: Number(usage?.count ?? 0), names: usage?.names ?? [], ids: (usage?.ids ?? []).map(Number) };
}

/** Several data sources at once (the viewer's layers), in no particular order. */
export async function findDatasources(db: Db, ids: number[]): Promise<DatasourceRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(datasources).where(inArray(datasources.id, ids));
}
