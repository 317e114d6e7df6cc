import type { CreateLayerRequest, Layer, UpdateLayerRequest } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { findDatasource } from '../datasources/datasources.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { presentLayer, presentLayerTree } from './layers.presenter.js';
import * as repo from './layers.repository.js';

/**
 * Changes to a workspace's layer tree: by its admin and editors (viewers 403, strangers
 * 404, through the workspace's `access`). Parents, data sources and user groups must
 * belong to the workspace and its account; a move never makes a cycle.
 */
export function createLayerTreeService(
  { db }: Pick<AppContext, 'db'>,
  deps: { workspaces: WorkspacesService },
) {
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

  return {
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
export type LayerTreeService = ReturnType<typeof createLayerTreeService>;

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
