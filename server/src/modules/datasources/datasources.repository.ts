import type { DatasourceOrdering } from '@geows/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

/**
 * One page of data sources. The page is chosen first (the indexes on account and
 * modified date or name serve it), and only its rows get their usage computed.
 */
export async function listDatasourcePage(
  db: Db,
  filter: DatasourceFilter,
  { ordering, limit, offset }: { ordering: DatasourceOrdering; limit: number; offset: number },
): Promise<DatasourceListRow[]> {
  const direction = ordering.startsWith('-') ? desc : asc;
  const order = ordering.endsWith('name')
    ? [direction(sql`lower(${datasources.name})`), direction(datasources.id)]
    : [direction(datasources.updatedAt), direction(datasources.id)];
  const page = db
    .select({
      id: datasources.id,
      name: datasources.name,
      typeId: datasources.typeId,
      accountId: datasources.accountId,
      updatedAt: datasources.updatedAt,
      lowerName: sql<string>`lower(${datasources.name})`.as('lower_name'),
    })
    .from(datasources)
    .innerJoin(accounts, eq(accounts.id, datasources.accountId))
    .where(filterOf(filter))
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  const pageOrder = ordering.endsWith('name')
    ? [direction(page.lowerName), direction(page.id)]
    : [direction(page.updatedAt), direction(page.id)];
  const rows = await db
    .select({
      id: page.id,
      name: page.name,
      typeId: page.typeId,
      accountId: page.accountId,
      updatedAt: page.updatedAt,
      usage: usageOf(sql`${page.id}`, 'usedIn' in filter ? filter.usedIn.editorId : undefined),
    })
    .from(page)
    .orderBy(...pageOrder);
  return rows.map((row) => ({ ...row, usage: normaliseUsage(row.usage) }));
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
