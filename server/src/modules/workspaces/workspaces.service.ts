import {
  type CreateWorkspaceRequest,
  defaultCamera,
  defaultWorkspacePlugins,
  type WorkspaceRights,
} from '@geows/contract';
import type { AppContext } from '../../context.js';
import { forbidden, notFound, validationFailed } from '../../lib/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { copyLayerTree } from '../layers/layers.repository.js';
import { findDefaultPlan } from '../plans/plans.repository.js';
import { allows, rightsOf } from './workspaces.policy.js';
import { presentWorkspace } from './workspaces.presenter.js';
import * as repo from './workspaces.repository.js';

export function createWorkspacesService({ db }: Pick<AppContext, 'db'>, deps: { accounts: AccountsService }) {
  /**
   * The workspace if the caller has at least `needed` rights: 404 when they have
   * none (its existence stays hidden), 403 when they can see it but not do this.
   */
  async function access(caller: AuthedUser, id: number, needed: WorkspaceRights) {
    const found = await repo.findWorkspaceWithRelation(db, id, caller);
    const rights = found ? rightsOf(caller.id, found.relation) : null;
    if (!found || !rights) throw notFound();
    if (!allows(rights, needed)) throw forbidden();
    return { workspace: found.workspace, rights };
  }

  return {
    access,

    async list(caller: AuthedUser, accountId: number | undefined) {
      const rows =
        accountId === undefined
          ? await repo.listWorkspacesOfUser(db, caller.id)
          : await repo.listWorkspacesOfAccount(db, accountId, caller.id);
      return rows.map((row) =>
        presentWorkspace(row, rightsOf(caller.id, { ...row, invited: false, demo: false }) ?? 'view'),
      );
    },

    async get(caller: AuthedUser, id: number) {
      const { workspace, rights } = await access(caller, id, 'view');
      return presentWorkspace(workspace, rights);
    },

    async create(caller: AuthedUser, input: CreateWorkspaceRequest) {
      if (input.admin !== caller.id)
        throw validationFailed({ admin: ['You can only create workspaces as yourself.'] });
      const account = await deps.accounts.administered(caller, input.account);
      if (!account)
        throw validationFailed({ account: [`Invalid pk "${input.account}" - object does not exist.`] });
      const plan = await findDefaultPlan(db);
      const row = await repo.insertWorkspace(db, {
        accountId: account.id,
        adminId: caller.id,
        name: input.name,
        description: input.description,
        planId: plan?.id ?? null,
        camera: { ...defaultCamera },
        workspacePlugins: structuredClone(defaultWorkspacePlugins),
      });
      return presentWorkspace(row, 'admin');
    },

    async remove(caller: AuthedUser, id: number) {
      await access(caller, id, 'admin');
      await repo.deleteWorkspace(db, id);
    },

    async clone(caller: AuthedUser, id: number) {
      const { workspace } = await access(caller, id, 'admin');
      // A deep copy: the workspace, its editors and its layer tree, all or nothing.
      const copyId = await db.transaction(async (tx) => {
        const copy = await repo.insertWorkspace(tx, {
          accountId: workspace.accountId,
          adminId: workspace.adminId,
          name: `${workspace.name} (copy)`.slice(0, 100),
          description: workspace.description,
          planId: workspace.planId,
          camera: workspace.camera,
          workspacePlugins: workspace.workspacePlugins,
        });
        await repo.copyEditors(tx, workspace.id, copy.id);
        await copyLayerTree(tx, workspace.id, copy.id);
        return copy.id;
      });
      const copy = await repo.findWorkspace(db, copyId);
      if (!copy) throw new Error('The copy vanished');
      return presentWorkspace(copy, 'admin');
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
