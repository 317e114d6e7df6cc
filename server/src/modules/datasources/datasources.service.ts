import {
  type CreateDatasourceRequest,
  type DatasourceListQuery,
  datasourceTypeById,
  type UpdateDatasourceRequest,
  validateDatasourceConfig,
} from '@geows/contract';
import type { AppContext } from '../../context.js';
import { HttpError, isForeignKeyViolation, notFound, validationFailed } from '../../lib/errors.js';
import { pageFromDb, pageFromList } from '../../lib/pagination.js';
import { administers } from '../accounts/accounts.policy.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { recordAudit } from '../audit/record.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { findDatasourceType } from '../datasourcetypes/datasourcetypes.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { presentDatasource, presentDatasourceDetail } from './datasources.presenter.js';
import * as repo from './datasources.repository.js';
import { secretChanges } from './secret-changes.js';

/** What `secrets` holds once opened: the type's secret config values, and an ArcGIS sign-in. */
export type Secrets = { [key: string]: unknown; arcgis?: ArcgisSession };
export type ArcgisSession = {
  token: string;
  refreshToken: string | null;
  /** Epoch milliseconds. */
  expires: number;
  username: string;
  /** The portal and app the session belongs to: changing either ends it. */
  portal: string;
  clientId: string;
};

/**
 * Data sources belong to their account's admin: nobody else lists, reads, changes or
 * deletes them (404, as if they did not exist). The one exception is the list for a
 * workspace (`?workspace=`), which shows an editor the sources the admin has put in it,
 * without their config. Each type's config is checked against its schema in the
 * contract; the type's secrets are sealed apart from the config and never answered.
 */
export function createDatasourcesService(
  { db, secrets: box }: Pick<AppContext, 'db' | 'secrets'>,
  deps: { accounts: AccountsService; workspaces: WorkspacesService },
) {
  // The workspaces' rights decide `?workspace=`.
  const { workspaces } = deps;

  const secretKeysOf = (typeId: number | null): readonly string[] =>
    (typeId === null ? undefined : datasourceTypeById(typeId)?.secrets) ?? [];

  const openSecrets = (sealed: string | null): Secrets =>
    sealed ? (JSON.parse(box.open(sealed)) as Secrets) : {};
  const sealSecrets = (values: Secrets): string | null =>
    Object.keys(values).length > 0 ? box.seal(JSON.stringify(values)) : null;
  /** The names of the type's secrets that are stored (never their values). */
  const storedSecretNames = (typeId: number | null, values: Secrets) =>
    secretKeysOf(typeId).filter((key) => typeof values[key] === 'string');

  /** Takes the type's secrets out of a checked config. */
  function splitSecrets(typeId: number, config: Record<string, unknown>) {
    const plain = { ...config };
    const secretValues: Secrets = {};
    for (const key of secretKeysOf(typeId)) {
      const value = plain[key];
      delete plain[key];
      if (typeof value === 'string' && value !== '') secretValues[key] = value;
    }
    return { config: plain, secrets: secretValues };
  }

  function checkedConfig(typeId: number, config: unknown): Record<string, unknown> {
    const result = validateDatasourceConfig(typeId, config);
    if (!result.success) throw validationFailed(result.errors);
    return result.config;
  }

  /** The data source if the caller administers its account; 404 for any other id. */
  async function owned(caller: AuthedUser, id: number) {
    const found = await repo.findDatasource(db, id);
    if (!found || !administers(caller.id, { adminId: found.adminId })) throw notFound();
    return found;
  }

  /**
   * What the list holds: the caller's own sources; with `?workspace=`, those the caller may
   * attach to a layer there — the account's for the workspace's admin, the ones its layers
   * use already for an editor. Viewers get 403 and anyone else 404, as for the workspace.
   * Null when `?account=` names another account than the workspace's: nothing.
   */
  async function listFilter(
    caller: AuthedUser,
    query: DatasourceListQuery,
  ): Promise<repo.DatasourceFilter | null> {
    const search = query.search || undefined;
    if (query.workspace === undefined) return { adminId: caller.id, accountId: query.account, search };
    const { workspace, rights } = await workspaces.access(caller, query.workspace, 'edit');
    if (query.account !== undefined && query.account !== workspace.accountId) return null;
    return rights === 'admin'
      ? { adminId: caller.id, accountId: workspace.accountId, search }
      : {
          usedIn: { workspaceId: workspace.id, editorId: caller.id },
          accountId: workspace.accountId,
          search,
        };
  }

  const detail = (row: repo.DatasourceRow, usage: repo.DatasourceUsage) => {
    const values = openSecrets(row.secrets);
    return presentDatasourceDetail(row, usage, storedSecretNames(row.typeId, values), values.arcgis ?? null);
  };

  return {
    owned,

    /** The stored secrets of a source the caller owns, to reach its service (inspect, proxy). */
    async secretsOf(caller: AuthedUser, id: number) {
      const { datasource } = await owned(caller, id);
      return { datasource, secrets: openSecrets(datasource.secrets) };
    },

    /**
     * Stores (or clears) a source's ArcGIS sign-in. A person signing in (`by`) changes the
     * source's secrets: the audit trail records it with the change; a token refreshed by the
     * server is routine and is not recorded.
     */
    async storeArcgisSession(row: repo.DatasourceRow, session: ArcgisSession | null, by?: AuthedUser) {
      const { arcgis: previous, ...values } = openSecrets(row.secrets);
      const next: Secrets = session ? { ...values, arcgis: session } : values;
      const updated = await db.transaction(async (tx) => {
        const stored = await repo.updateDatasource(tx, row.id, { secrets: sealSecrets(next) });
        if (!stored) throw notFound();
        if (by)
          await recordAudit(tx, {
            kind: 'datasource_secrets_changed',
            actor: by,
            account: stored.accountId,
            object: { type: 'datasource', id: stored.id, label: stored.name },
            details: { arcgis: session ? (previous ? 'changed' : 'set') : 'cleared' },
          });
        return stored;
      });
      return updated;
    },

    detail,

    /** The opened secrets of a row the caller was already allowed to read. */
    openSecretsOf: (row: repo.DatasourceRow): Secrets => openSecrets(row.secrets),

    async list(caller: AuthedUser, query: DatasourceListQuery) {
      const filter = await listFilter(caller, query);
      const ordering = query.ordering ?? '-date_modified';
      if (!filter) return pageFromList(query, []);
      let total: number | undefined;
      return pageFromDb(
        query,
        async ({ limit, offset }) => {
          const page = await repo.listDatasourcePage(db, filter, { ordering, limit, offset });
          total = page.total;
          return page.rows.map(presentDatasource);
        },
        async () => total ?? repo.countDatasources(db, filter),
      );
    },

    async get(caller: AuthedUser, id: number) {
      const { datasource, usage } = await owned(caller, id);
      return detail(datasource, usage);
    },

    async create(caller: AuthedUser, input: CreateDatasourceRequest) {
      const account = await deps.accounts.administered(caller, input.account);
      if (!account)
        throw validationFailed({ account: [`Invalid pk "${input.account}" - object does not exist.`] });
      const type = await findDatasourceType(db, input.type);
      if (!type) throw validationFailed({ type: [`Invalid pk "${input.type}" - object does not exist.`] });
      const split = splitSecrets(type.id, checkedConfig(type.id, input.config));
      const changed = secretChanges(secretKeysOf(type.id), {}, split.secrets);
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertDatasource(tx, {
          accountId: account.id,
          typeId: type.id,
          name: input.name,
          config: split.config,
          secrets: sealSecrets(split.secrets),
        });
        if (changed)
          await recordAudit(tx, {
            kind: 'datasource_secrets_changed',
            actor: caller,
            account: account.id,
            object: { type: 'datasource', id: inserted.id, label: inserted.name },
            details: changed,
          });
        return inserted;
      });
      return detail(row, { count: 0, names: [], ids: [] });
    },

    async update(caller: AuthedUser, id: number, input: UpdateDatasourceRequest) {
      const { datasource, usage } = await owned(caller, id);
      const changes: Parameters<typeof repo.updateDatasource>[2] = {};
      let changedSecrets: ReturnType<typeof secretChanges> = null;
      if (input.name !== undefined) changes.name = input.name;
      if (input.config !== undefined) {
        if (datasource.typeId === null)
          throw validationFailed({ config: ['The type of this data source no longer exists.'] });
        // A secret left out is kept; null or '' removes it; a new value replaces it.
        const stored = openSecrets(datasource.secrets);
        const merged: Record<string, unknown> = { ...input.config };
        for (const key of secretKeysOf(datasource.typeId)) {
          if (!(key in merged)) {
            if (stored[key] !== undefined) merged[key] = stored[key];
          } else if (merged[key] === null || merged[key] === '') delete merged[key];
        }
        // An uploaded file stays an uploaded file whatever the form sends.
        if (typeof datasource.config.uploaded === 'string') merged.uploaded = datasource.config.uploaded;
        const split = splitSecrets(datasource.typeId, checkedConfig(datasource.typeId, merged));
        changes.config = split.config;
        changedSecrets = secretChanges(secretKeysOf(datasource.typeId), stored, split.secrets);
        // An ArcGIS sign-in belongs to its portal and app: it outlives other changes only.
        const session = stored.arcgis;
        const samePortal =
          session && session.portal === split.config.portal && session.clientId === split.config.clientId;
        changes.secrets = sealSecrets(samePortal ? { ...split.secrets, arcgis: session } : split.secrets);
      }
      const row = await db.transaction(async (tx) => {
        const updated = await repo.updateDatasource(tx, id, changes);
        if (!updated) throw notFound();
        if (changedSecrets)
          await recordAudit(tx, {
            kind: 'datasource_secrets_changed',
            actor: caller,
            account: updated.accountId,
            object: { type: 'datasource', id, label: updated.name },
            details: changedSecrets,
          });
        return updated;
      });
      return detail(row, usage);
    },

    /** Refused while layers use the source: the answer names their workspaces. */
    async remove(caller: AuthedUser, id: number) {
      const { usage } = await owned(caller, id);
      if (usage.count > 0) throw inUse(usage);
      try {
        await repo.deleteDatasource(db, id);
      } catch (error) {
        // A layer added since the check: the foreign key refuses, and the answer says where.
        if (!isForeignKeyViolation(error)) throw error;
        throw inUse((await owned(caller, id)).usage);
      }
    },
  };
}
const inUse = (usage: repo.DatasourceUsage) =>
  new HttpError(400, 'in use', {
    detail: `This data source is used by layers in ${usage.count === 1 ? 'the workspace' : `${usage.count} workspaces`}: ${usage.names.join(', ')}. Remove those layers first.`,
  });

export type DatasourcesService = ReturnType<typeof createDatasourcesService>;
