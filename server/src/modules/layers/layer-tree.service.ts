import type { CreateLayerRequest, Layer, UpdateLayerRequest, WorkspaceRights } from '@geows/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { findDatasource } from '../datasources/datasources.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { presentLayer, presentLayerTree } from './layers.presenter.js';
import * as repo from './layers.repository.js';

type Workspace = { id: number; accountId: number };

/**
 * Changes to a workspace's layer tree: by its admin and editors (viewers 403, strangers
 * 404, through the workspace's `access`). Parents, data sources and user groups must
 * belong to the workspace and its account; an editor attaches only the sources the admin
 * has put in the workspace. Each change runs under the workspace's lock on the tree as it
 * is then, so concurrent changes never make a cycle or mix up positions.
 */
export function createLayerTreeService(
  { db }: Pick<AppContext, 'db'>,
  deps: { workspaces: WorkspacesService },
) {
  /**
   * Runs `change` in one transaction that holds the workspace's lock and reads its layers
   * afterwards: the checks and the renumbering see what the previous change left.
   */
  function lockedTree<T>(workspaceId: number, change: (tx: Db, layers: repo.LayerRow[]) => Promise<T>) {
    return db.transaction(async (tx) => {
      if (!(await repo.lockWorkspaceTree(tx, workspaceId))) throw notFound();
      return change(tx, await repo.listWorkspaceLayers(tx, workspaceId));
    });
  }

  /**
   * Whether the caller may attach the source. The admin owns the account's sources; an
   * editor may use those the admin has offered by putting them in this workspace.
   */
  async function mayAttach(
    tx: Db,
    workspace: Workspace,
    rights: WorkspaceRights,
    layers: repo.LayerRow[],
    id: number,
  ) {
    if (rights !== 'admin' && !layers.some((layer) => layer.dataSourceId === id)) return false;
    const source = await findDatasource(tx, id);
    return source?.datasource.accountId === workspace.accountId;
  }

  /**
   * The parts of a layer that point elsewhere must stay inside the workspace and its
   * account; `current` is the layer being changed (its own source may always stay). A
   * source the caller may not attach is answered like one that does not exist, whatever
   * the reason, so that ids reveal nothing.
   */
  async function checkReferences(
    tx: Db,
    { workspace, rights }: { workspace: Workspace; rights: WorkspaceRights },
    layers: repo.LayerRow[],
    input: {
      parent?: number | null | undefined;
      data_source?: number | null | undefined;
      user_groups?: number[] | undefined;
    },
    current?: repo.LayerRow,
  ) {
    const errors: Record<string, string[]> = {};
    if (input.parent !== undefined && input.parent !== null) {
      const parent = layers.find((layer) => layer.id === input.parent);
      if (!parent) errors.parent = [`Invalid pk "${input.parent}" - object does not exist.`];
      else if (current && isWithin(layers, input.parent, current.id))
        errors.parent = ['A layer cannot be moved into itself or one of its own layers.'];
    }
    const source = input.data_source;
    if (
      source !== undefined &&
      source !== null &&
      source !== current?.dataSourceId &&
      !(await mayAttach(tx, workspace, rights, layers, source))
    )
      errors.data_source = [`Invalid pk "${source}" - object does not exist.`];
    if (input.user_groups && input.user_groups.length > 0) {
      const wanted = [...new Set(input.user_groups)];
      const found = new Set(await repo.groupsOfAccount(tx, workspace.accountId, wanted));
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

  /** The layer's workspace and the caller's rights there, if they may change it (else 404 or 403). */
  async function writable(caller: AuthedUser, id: number) {
    const row = await repo.findLayer(db, id);
    if (!row) throw notFound();
    return deps.workspaces.access(caller, row.workspaceId, 'edit');
  }

  /** The layer as the locked read found it: gone since the caller's rights were checked is 404. */
  function stillThere(layers: repo.LayerRow[], id: number) {
    const row = layers.find((layer) => layer.id === id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async create(caller: AuthedUser, input: CreateLayerRequest) {
      const access = await deps.workspaces.access(caller, input.workspace, 'edit');
      const parent = input.parent ?? null;
      const created = await lockedTree(access.workspace.id, async (tx, layers) => {
        await checkReferences(tx, access, layers, input);
        const row = await repo.insertLayerWithGroups(
          tx,
          {
            workspaceId: access.workspace.id,
            parentId: parent,
            position: 0,
            name: input.name,
            visible: input.visible ?? true,
            dataSourceId: input.data_source ?? null,
            template: input.template ? (JSON.parse(input.template) as Record<string, unknown>) : {},
          },
          input.user_groups ?? [],
        );
        await repo.renumber(tx, siblingOrder(layers, parent, { insert: row.id, position: input.position }));
        return row;
      });
      // A new layer has no children: the row as inserted is the whole answer, nothing to read back.
      return presentLayer(created);
    },

    async update(caller: AuthedUser, id: number, input: UpdateLayerRequest) {
      const access = await writable(caller, id);
      const moving = input.parent !== undefined || input.position !== undefined;
      await lockedTree(access.workspace.id, async (tx, layers) => {
        const row = stillThere(layers, id);
        await checkReferences(tx, access, layers, input, row);
        const parent = input.parent === undefined ? row.parentId : input.parent;
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.visible !== undefined ? { visible: input.visible } : {}),
          ...(input.data_source !== undefined ? { dataSourceId: input.data_source } : {}),
          ...(input.template !== undefined
            ? { template: JSON.parse(input.template) as Record<string, unknown> }
            : {}),
          ...(input.parent !== undefined ? { parentId: input.parent } : {}),
        };
        await repo.updateLayer(tx, id, changes);
        if (input.user_groups !== undefined)
          await repo.setLayerGroups(tx, id, [...new Set(input.user_groups)]);
        if (input.visible === true) await untickOtherBaseLayers(tx, layers, { ...row, ...changes });
        if (moving) {
          if (parent !== row.parentId)
            await repo.renumber(tx, siblingOrder(layers, row.parentId, { exclude: id }));
          await repo.renumber(tx, siblingOrder(layers, parent, { insert: id, position: input.position }));
        }
      });
      return readLayer(id);
    },

    async remove(caller: AuthedUser, id: number) {
      const { workspace } = await writable(caller, id);
      await lockedTree(workspace.id, async (tx, layers) => {
        const row = stillThere(layers, id);
        await repo.deleteLayer(tx, id);
        await repo.renumber(tx, siblingOrder(layers, row.parentId, { exclude: id }));
      });
    },
  };
}
export type LayerTreeService = ReturnType<typeof createLayerTreeService>;

/**
 * Base layers are one choice (docs/product.md, Data: "Layer"): ticking one unticks the
 * workspace's others in the same transaction, so the editor's tick is one request and
 * the tree never keeps two of them ticked. `ticked` is the layer as the change leaves it.
 */
async function untickOtherBaseLayers(tx: Db, layers: repo.LayerRow[], ticked: repo.LayerRow) {
  if (!isBaseLayer(layers, ticked)) return;
  const others = layers
    .filter((layer) => layer.id !== ticked.id && layer.visible && isBaseLayer(layers, layer))
    .map((layer) => layer.id);
  await repo.untickLayers(tx, others);
}

/**
 * The web's rule (web/src/features/viewer/layer-tree.ts): a name containing `baseLayer`,
 * on a layer that is not a group — one with children, or without a data source and
 * without built-in imagery.
 */
function isBaseLayer(layers: repo.LayerRow[], row: repo.LayerRow): boolean {
  if (!row.name.includes('baseLayer')) return false;
  const group =
    layers.some((layer) => layer.parentId === row.id) ||
    (row.dataSourceId === null && !/"builtin"\s*:/.test(JSON.stringify(row.template)));
  return !group;
}

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
