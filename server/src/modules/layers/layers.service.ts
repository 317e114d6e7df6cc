import {
  type CreateLayerRequest,
  datasourceTypeById,
  type Layer,
  type LayerSource,
  type LibraryQuery,
  type UpdateLayerRequest,
  type WorkspaceRights,
} from '@geows/contract';
import type { AppContext } from '../../context.js';
import { forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { pageFromDb, pageFromList } from '../../lib/pagination.js';
import { findUserById } from '../auth/auth.repository.js';
import type { AuthedUser } from '../auth/authenticate.js';
import type { ArcgisSignInService } from '../datasources/arcgis-sign-in.service.js';
import { findDatasource, findDatasources } from '../datasources/datasources.repository.js';
import type { DatasourcesService } from '../datasources/datasources.service.js';
import { featureCollectionStream } from '../datasources/feature-collection.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { proxiedUrl, type UpstreamRequest, upstreamRequest } from './layer-proxy.js';
import { flattenTree, presentLayer, presentLayerTree, presentLibraryLayer } from './layers.presenter.js';
import * as repo from './layers.repository.js';
import type { Capabilities, Capability } from './proxy-capability.js';

type Reader = { kind: 'user'; user: AuthedUser; rights: WorkspaceRights } | { kind: 'share' };
type ReadQuery = { workspace?: number | undefined; token?: string | undefined };

/**
 * Where the viewer reads an uploaded source's features: this server, which checks the
 * layer's readers. The map fetches it without the login header, so a logged-in reader's
 * address carries a capability (as the proxy's do); a share link's reader's, the token.
 */
const featuresUrl = (layerId: number, grant: { token: string } | { capability: string }) =>
  `/api/layers/${layerId}/features?${new URLSearchParams(grant)}`;

/**
 * A workspace's layer tree. Everyone with view rights reads it (a share link too); its
 * admin and editors write it (viewers 403, strangers 404, through the workspace's
 * `access`). A layer with user groups shows only to the admin, the editors and the
 * groups' members — never through a share link — and hides its children with it.
 */
export function createLayersService(
  { db }: Pick<AppContext, 'db'>,
  deps: {
    workspaces: WorkspacesService;
    datasources: Pick<DatasourcesService, 'openSecretsOf'>;
    arcgis: Pick<ArcgisSignInService, 'tokenFor'>;
    capabilities: Capabilities;
  },
) {
  /** Whom a grouped layer shows to. */
  async function visibility(reader: Reader): Promise<(row: repo.LayerRow) => boolean> {
    if (reader.kind === 'user' && reader.rights !== 'view') return () => true;
    const groups = new Set(reader.kind === 'user' ? await repo.memberGroupIds(db, reader.user) : []);
    return (row) => row.userGroups.length === 0 || row.userGroups.some((id) => groups.has(id));
  }

  /** The parts of a layer that point elsewhere must stay inside the workspace and its account. */
  async function checkReferences(
    workspace: { id: number; accountId: number },
    layers: repo.LayerRow[],
    input: {
      parent?: number | null | undefined;
      data_source?: number | null | undefined;
      user_groups?: number[] | undefined;
    },
    self?: number,
  ) {
    const errors: Record<string, string[]> = {};
    if (input.parent !== undefined && input.parent !== null) {
      const parent = layers.find((layer) => layer.id === input.parent);
      if (!parent) errors.parent = [`Invalid pk "${input.parent}" - object does not exist.`];
      else if (self !== undefined && isWithin(layers, input.parent, self))
        errors.parent = ['A layer cannot be moved into itself or one of its own layers.'];
    }
    if (input.data_source !== undefined && input.data_source !== null) {
      const source = await findDatasource(db, input.data_source);
      if (!source || source.datasource.accountId !== workspace.accountId)
        errors.data_source = [`Invalid pk "${input.data_source}" - object does not exist.`];
    }
    if (input.user_groups && input.user_groups.length > 0) {
      const wanted = [...new Set(input.user_groups)];
      const found = new Set(await repo.groupsOfAccount(db, workspace.accountId, wanted));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length > 0)
        errors.user_groups = missing.map((id) => `Invalid pk "${id}" - object does not exist.`);
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  /** The ids of `parent`'s children in order, without `exclude`, with `insert` placed at `position`. */
  function siblingOrder(
    layers: repo.LayerRow[],
    parent: number | null,
    { exclude, insert, position }: { exclude?: number; insert?: number; position?: number | undefined },
  ): number[] {
    const ids = new Set(layers.map((layer) => layer.id));
    const order = layers
      .filter(
        (layer) => (layer.parentId !== null && ids.has(layer.parentId) ? layer.parentId : null) === parent,
      )
      .filter((layer) => layer.id !== exclude && layer.id !== insert)
      .map((layer) => layer.id);
    if (insert !== undefined) order.splice(Math.min(position ?? order.length, order.length), 0, insert);
    return order;
  }

  async function readLayer(id: number): Promise<Layer> {
    const row = await repo.findLayer(db, id);
    if (!row) throw notFound();
    const all = await repo.listWorkspaceLayers(db, row.workspaceId);
    const [tree] = presentLayerTree(
      all.map((layer) => (layer.id === id ? { ...layer, parentId: null } : layer)),
      () => true,
    ).filter((layer) => layer.id === id);
    return tree ?? presentLayer(row);
  }

  /** The layer and the workspace it is in, if the caller may change it (else 404 or 403). */
  async function writable(caller: AuthedUser, id: number) {
    const row = await repo.findLayer(db, id);
    if (!row) throw notFound();
    const { workspace } = await deps.workspaces.access(caller, row.workspaceId, 'edit');
    return { row, workspace };
  }

  /** The tree as the caller may read it: by login and view rights, or by a live share link's token. */
  async function readableTree(caller: () => Promise<AuthedUser>, query: ReadQuery): Promise<Layer[]> {
    return (await readable(caller, query)).tree;
  }

  /** The tree as the caller may read it, and who reads it (for the proxy's capabilities). */
  async function readable(
    caller: () => Promise<AuthedUser>,
    query: ReadQuery,
  ): Promise<{ tree: Layer[]; subject: Capability['subject'] }> {
    let workspaceId: number;
    let reader: Reader;
    let subject: Capability['subject'];
    if (query.token) {
      const { workspace } = await deps.workspaces.accessByShareToken(query.token, query.workspace);
      workspaceId = workspace.id;
      reader = { kind: 'share' };
      subject = { share: query.token };
    } else {
      const user = await caller();
      if (query.workspace === undefined) throw validationFailed({ workspace: ['This field is required.'] });
      const { rights } = await deps.workspaces.access(user, query.workspace, 'view');
      workspaceId = query.workspace;
      reader = { kind: 'user', user, rights };
      subject = { user: user.id };
    }
    const tree = presentLayerTree(await repo.listWorkspaceLayers(db, workspaceId), await visibility(reader));
    return { tree, subject };
  }

  /** A layer the caller may see, with its data source; 404 otherwise. */
  /**
   * A layer's source for the holder of a capability: it must be this server's, for this
   * layer and not expired, and its subject must still see the layer (checked on every call).
   */
  async function sourceByCapability(id: number, text: string) {
    const capability = deps.capabilities.verify(text, id);
    if (!capability) throw forbidden('This map address has expired or is not valid. Reload the page.');
    const { subject } = capability;
    const caller = async (): Promise<AuthedUser> => {
      // The user it was issued to, while they may still log in; a share link's reader has none.
      const user = 'user' in subject ? await findUserById(db, subject.user) : undefined;
      if (!user?.isActive) throw notFound();
      return { id: user.id, username: user.username, email: user.email, tokenId: 0 };
    };
    return visibleSource(caller, id, 'share' in subject ? subject.share : undefined);
  }

  async function visibleSource(caller: () => Promise<AuthedUser>, id: number, token: string | undefined) {
    const row = await repo.findLayer(db, id);
    if (!row) throw notFound();
    const tree = await readableTree(caller, { workspace: row.workspaceId, token });
    const layer = flattenTree(tree).find((l) => l.id === id);
    if (!layer || layer.data_source === null) throw notFound();
    const [source] = await findDatasources(db, [layer.data_source]);
    if (!source) throw notFound();
    return source;
  }

  return {
    /** The layer library: every layer of the caller's accounts' workspaces, a page at a time. */
    async library(caller: AuthedUser, query: LibraryQuery) {
      const filter = { adminId: caller.id, accountId: query.account, search: query.search || undefined };
      const ordering = query.ordering ?? 'name';
      return pageFromDb(
        query,
        async ({ limit, offset }) =>
          (await repo.listLibraryPage(db, filter, { ordering, limit, offset })).map(presentLibraryLayer),
        () => repo.countLibrary(db, filter),
      );
    },

    async list(caller: () => Promise<AuthedUser>, query: ReadQuery & { page?: number; page_size?: number }) {
      // The tree is read whole (it is small, and built from every row), then paged at the top level.
      return pageFromList(query, await readableTree(caller, query));
    },

    /**
     * What the viewer draws, for the layers the caller may see: each data source's type
     * and config (secrets are kept apart and never sent). Uploaded features are read
     * through this server, at an address that checks the layer's readers again.
     */
    async sources(caller: () => Promise<AuthedUser>, query: ReadQuery): Promise<{ results: LayerSource[] }> {
      const { tree, subject } = await readable(caller, query);
      const layers = flattenTree(tree).filter((l) => l.data_source !== null);
      const sources = new Map(
        (await findDatasources(db, [...new Set(layers.map((l) => l.data_source as number))])).map((row) => [
          row.id,
          row,
        ]),
      );
      const results: LayerSource[] = [];
      for (const layer of layers) {
        const source = sources.get(layer.data_source as number);
        if (!source || source.typeId === null) continue;
        const key = datasourceTypeById(source.typeId)?.key ?? 'unknown';
        const uploaded = typeof source.config.uploaded === 'string';
        // A source holding credentials is fetched by this server, which adds them: the browser never sees them.
        const secured = !uploaded && Object.keys(deps.datasources.openSecretsOf(source)).length > 0;
        const url = uploaded
          ? featuresUrl(
              layer.id,
              query.token
                ? { token: query.token }
                : { capability: deps.capabilities.issue(layer.id, subject) },
            )
          : secured
            ? proxiedUrl(
                layer.id,
                deps.capabilities.issue(layer.id, subject),
                String(source.config.url ?? ''),
              )
            : undefined;
        results.push({
          layer: layer.id,
          data_source: source.id,
          type: source.typeId,
          key,
          config: url === undefined ? source.config : { ...source.config, url },
          proxied: url !== undefined,
        });
      }
      return { results };
    },

    /** The uploaded features of a layer's source, for whoever may see that layer. */
    async features(
      caller: () => Promise<AuthedUser>,
      id: number,
      grant: { token?: string | undefined; capability?: string | undefined },
    ) {
      const source =
        grant.capability === undefined
          ? await visibleSource(caller, id, grant.token)
          : await sourceByCapability(id, grant.capability);
      if (typeof source.config.uploaded !== 'string')
        throw notFound('This data source has no uploaded features.');
      return featureCollectionStream(db, source);
    },

    /**
     * What the proxy fetches for a request under a layer's proxied address: the
     * capability must be this server's, for this layer and not expired, and its subject
     * must still see the layer (checked again on every request); the target stays
     * inside the source's address; the credentials are added here.
     */
    async proxyRequest(
      id: number,
      capabilityText: string,
      rest: string,
      query: string,
    ): Promise<UpstreamRequest> {
      const source = await sourceByCapability(id, capabilityText);
      const secrets = deps.datasources.openSecretsOf(source);
      const key = source.typeId === null ? undefined : datasourceTypeById(source.typeId)?.key;
      const token =
        typeof secrets.token === 'string' && secrets.token
          ? secrets.token
          : secrets.arcgis
            ? await deps.arcgis.tokenFor(source)
            : undefined;
      const apiKey =
        typeof secrets.apiKey === 'string' && secrets.apiKey
          ? { parameter: String(source.config.apiKeyParameter || 'key'), value: secrets.apiKey }
          : undefined;
      return upstreamRequest(String(source.config.url ?? ''), rest, query, {
        // A tileset and a terrain name their content relative to themselves.
        wholeFolder: key === '3dtiles' || key === 'cesium-terrain',
        ...(apiKey ? { apiKey } : {}),
        ...(Array.isArray(source.config.subdomains)
          ? { subdomains: source.config.subdomains.map(String) }
          : {}),
        ...(typeof secrets.password === 'string' && typeof source.config.username === 'string'
          ? { basic: { username: source.config.username, password: secrets.password } }
          : {}),
        ...(token ? { token } : {}),
      });
    },

    async create(caller: AuthedUser, input: CreateLayerRequest) {
      const { workspace } = await deps.workspaces.access(caller, input.workspace, 'edit');
      const layers = await repo.listWorkspaceLayers(db, workspace.id);
      await checkReferences(workspace, layers, input);
      const parent = input.parent ?? null;
      const id = await db.transaction(async (tx) => {
        const created = await repo.insertLayer(tx, {
          workspaceId: workspace.id,
          parentId: parent,
          position: 0,
          name: input.name,
          visible: input.visible ?? true,
          dataSourceId: input.data_source ?? null,
          template: input.template ? (JSON.parse(input.template) as Record<string, unknown>) : {},
        });
        await repo.setLayerGroups(tx, created, [...new Set(input.user_groups ?? [])]);
        await repo.renumber(tx, siblingOrder(layers, parent, { insert: created, position: input.position }));
        return created;
      });
      return readLayer(id);
    },

    async update(caller: AuthedUser, id: number, input: UpdateLayerRequest) {
      const { row, workspace } = await writable(caller, id);
      const layers = await repo.listWorkspaceLayers(db, workspace.id);
      await checkReferences(workspace, layers, input, id);
      const moving = input.parent !== undefined || input.position !== undefined;
      const parent = input.parent === undefined ? row.parentId : input.parent;
      await db.transaction(async (tx) => {
        await repo.updateLayer(tx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.visible !== undefined ? { visible: input.visible } : {}),
          ...(input.data_source !== undefined ? { dataSourceId: input.data_source } : {}),
          ...(input.template !== undefined
            ? { template: JSON.parse(input.template) as Record<string, unknown> }
            : {}),
          ...(input.parent !== undefined ? { parentId: input.parent } : {}),
        });
        if (input.user_groups !== undefined)
          await repo.setLayerGroups(tx, id, [...new Set(input.user_groups)]);
        if (moving) {
          if (parent !== row.parentId)
            await repo.renumber(tx, siblingOrder(layers, row.parentId, { exclude: id }));
          await repo.renumber(tx, siblingOrder(layers, parent, { insert: id, position: input.position }));
        }
      });
      return readLayer(id);
    },

    async remove(caller: AuthedUser, id: number) {
      const { row, workspace } = await writable(caller, id);
      const layers = await repo.listWorkspaceLayers(db, workspace.id);
      await db.transaction(async (tx) => {
        await repo.deleteLayer(tx, id);
        await repo.renumber(tx, siblingOrder(layers, row.parentId, { exclude: id }));
      });
    },
  };
}
export type LayersService = ReturnType<typeof createLayersService>;

/** Whether `id` is `ancestor` or lies somewhere below it. */
function isWithin(layers: repo.LayerRow[], id: number, ancestor: number): boolean {
  const parentOf = new Map(layers.map((layer) => [layer.id, layer.parentId]));
  let current: number | null | undefined = id;
  for (let step = 0; current != null && step <= layers.length; step++) {
    if (current === ancestor) return true;
    current = parentOf.get(current);
  }
  return false;
}
