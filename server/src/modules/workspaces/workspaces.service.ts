import {
  type CreateShareLinkRequest,
  type CreateWorkspaceRequest,
  defaultCamera,
  defaultWorkspacePlugins,
  offlineBaseLayer,
  type PageQuery,
  type ShareLink,
  type UpdateWorkspaceRequest,
  type WorkspaceRights,
} from '@geows/contract';
import type { AppContext } from '../../context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/errors.js';
import { pageFromDb } from '../../lib/pagination.js';
import { recordAudit } from '../audit/record.js';
import { findUserByEmail } from '../auth/auth.repository.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { copyLayerTree } from '../layers/layers.repository.js';
import * as shares from './share-links.repository.js';
import { createPluginChecks, type RequestOrigins, remapPluginLayers } from './workspace-plugins.js';
import { allows, rightsOf } from './workspaces.policy.js';
import { presentSharedWorkspace, presentWorkspace } from './workspaces.presenter.js';
import * as repo from './workspaces.repository.js';

/** What a new workspace starts with, as the JSON text its insert sends (the same on every create). */
const newWorkspaceCamera = JSON.stringify(defaultCamera);
const newWorkspacePlugins = JSON.stringify(defaultWorkspacePlugins);

export function createWorkspacesService({
  db,
  secrets: box,
  config,
}: Pick<AppContext, 'db' | 'secrets' | 'config'>) {
  const plugins = createPluginChecks({ db, config });

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

  /**
   * The workspace a live share link opens, read-only. Any other token (unknown, expired,
   * revoked, or of another workspace than `id`) is answered 404, like a stranger.
   */
  async function accessByShareToken(token: string, id?: number) {
    const link = await shares.useShareLink(db, sha256(token));
    if (!link || (id !== undefined && link.workspaceId !== id)) throw notFound();
    const workspace = await repo.findWorkspace(db, link.workspaceId);
    if (!workspace) throw notFound();
    return { workspace, rights: 'view' as const };
  }

  const presentLink = (row: shares.ShareLinkRow): ShareLink => ({
    id: row.id,
    token: box.open(row.tokenSealed),
    label: row.label,
    expires: row.expiresAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
    last_used: row.lastUsedAt?.toISOString() ?? null,
  });

  return {
    access,
    accessByShareToken,

    /**
     * Who reads a workspace, by login or without one by a share link's token (view rights),
     * and the name the outbound-call limits count them by: the user, or the link per client
     * address (one link is often shared by many people).
     */
    async viewerOf(
      caller: () => Promise<AuthedUser>,
      id: number,
      { token, address }: { token: string | undefined; address: string },
    ) {
      if (token) {
        const { workspace } = await accessByShareToken(token, id);
        return { workspace, reader: `share:${token}:${address}` };
      }
      const user = await caller();
      const { workspace } = await access(user, id, 'view');
      return { workspace, reader: `user:${user.id}` };
    },

    /** A workspace by login, or without one by a share link's token (then view rights only). */
    async read(caller: () => Promise<AuthedUser>, id: number, token: string | undefined) {
      if (token) return presentSharedWorkspace((await accessByShareToken(token, id)).workspace);
      const { workspace, rights } = await access(await caller(), id, 'view');
      return presentWorkspace(workspace, rights);
    },

    /** `request`: where the call came from, which a dashboard may not be on (workspace-plugins.ts). */
    async update(caller: AuthedUser, id: number, input: UpdateWorkspaceRequest, request?: RequestOrigins) {
      const { workspace, rights } = await access(caller, id, 'edit');
      const changes: Parameters<typeof repo.updateWorkspaceAtVersion>[3] = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description;
      if (input.camera !== undefined) changes.camera = JSON.parse(input.camera) as Record<string, unknown>;
      if (input.workspacePlugins !== undefined) {
        // Kept as sent (keys the product does not know included), once what it names checks out.
        const sent = JSON.parse(input.workspacePlugins) as Record<string, unknown>;
        const refused = await plugins.check(workspace, sent, request);
        if (refused.length > 0) throw validationFailed({ workspacePlugins: refused });
        changes.workspacePlugins = sent;
      }
      const updated = await repo.updateWorkspaceAtVersion(db, id, input.version, changes);
      if (!updated)
        throw new HttpError(409, 'stale', {
          detail:
            'This workspace was changed by someone else since you opened it. Reload it to see their changes, then make yours again.',
        });
      return presentWorkspace(updated, rights);
    },

    async editors(caller: AuthedUser, id: number, query: PageQuery) {
      await access(caller, id, 'edit');
      return pageFromDb(
        query,
        (window) => repo.listEditors(db, id, window),
        () => repo.countEditors(db, id),
      );
    },

    async addEditor(caller: AuthedUser, id: number, email: string) {
      const { workspace } = await access(caller, id, 'admin');
      const user = await findUserByEmail(db, email);
      if (!user?.isActive)
        throw validationFailed({
          email: ['No active user has this e-mail address. Invite them to view the workspace instead.'],
        });
      if (user.id === workspace.adminId)
        throw validationFailed({ email: ["This is the workspace's admin, who can edit it already."] });
      const added = await db.transaction(async (tx) => {
        if (!(await repo.addEditor(tx, id, user.id))) return false;
        await recordAudit(tx, {
          kind: 'editor_added',
          actor: caller,
          account: workspace.accountId,
          object: { type: 'workspace', id, label: workspace.name },
          details: { user: user.id, username: user.username },
        });
        return true;
      });
      if (!added) throw validationFailed({ email: ['This user is an editor already.'] });
      return { user: user.id, email: user.email, username: user.username };
    },

    async removeEditor(caller: AuthedUser, id: number, userId: number) {
      const { workspace } = await access(caller, id, 'admin');
      await db.transaction(async (tx) => {
        if (!(await repo.removeEditor(tx, id, userId))) throw notFound();
        await recordAudit(tx, {
          kind: 'editor_removed',
          actor: caller,
          account: workspace.accountId,
          object: { type: 'workspace', id, label: workspace.name },
          details: { user: userId },
        });
      });
    },

    async shareLinks(caller: AuthedUser, id: number, query: PageQuery) {
      await access(caller, id, 'edit');
      return pageFromDb(
        query,
        async (window) => (await shares.listShareLinks(db, id, window)).map(presentLink),
        () => shares.countShareLinks(db, id),
      );
    },

    async createShareLink(caller: AuthedUser, id: number, input: CreateShareLinkRequest) {
      const { workspace } = await access(caller, id, 'edit');
      const token = randomToken();
      const row = await db.transaction(async (tx) => {
        const link = await shares.insertShareLink(tx, {
          workspaceId: id,
          tokenHash: sha256(token),
          tokenSealed: box.seal(token),
          label: input.label ?? '',
          expiresAt: input.expires ? new Date(input.expires) : null,
          createdById: caller.id,
        });
        await recordAudit(tx, {
          kind: 'share_link_created',
          actor: caller,
          account: workspace.accountId,
          object: { type: 'share_link', id: link.id, label: link.label },
          details: {
            workspace: id,
            workspace_name: workspace.name,
            expires: link.expiresAt?.toISOString() ?? null,
          },
        });
        return link;
      });
      return presentLink(row);
    },

    async removeShareLink(caller: AuthedUser, id: number, shareId: number) {
      const { workspace } = await access(caller, id, 'edit');
      await db.transaction(async (tx) => {
        const link = await shares.deleteShareLink(tx, id, shareId);
        if (!link) throw notFound();
        await recordAudit(tx, {
          kind: 'share_link_revoked',
          actor: caller,
          account: workspace.accountId,
          object: { type: 'share_link', id: shareId, label: link.label },
          details: { workspace: id, workspace_name: workspace.name },
        });
      });
    },

    /** One account's workspaces (its admin only), or without one all the caller administers and edits. */
    async list(caller: AuthedUser, query: PageQuery & { account?: number | undefined }) {
      const filter = { userId: caller.id, accountId: query.account };
      let total: number | undefined;
      return pageFromDb(
        query,
        async (window) => {
          const page = await repo.listWorkspaces(db, filter, window);
          total = page.total;
          return page.rows.map((row) =>
            presentWorkspace(
              row,
              rightsOf(caller.id, {
                adminId: row.adminId,
                editorIds: row.editorIds,
                invited: false,
                demo: false,
              }) ?? 'view',
            ),
          );
        },
        async () => total ?? repo.countWorkspaces(db, filter),
      );
    },

    async get(caller: AuthedUser, id: number) {
      const { workspace, rights } = await access(caller, id, 'view');
      return presentWorkspace(workspace, rights);
    },

    async create(caller: AuthedUser, input: CreateWorkspaceRequest) {
      if (input.admin !== caller.id)
        throw validationFailed({ admin: ['You can only create workspaces as yourself.'] });
      // Every new workspace shows a globe at once, with no internet: the offline base layer.
      const row = await repo.insertWorkspaceWithLayer(
        db,
        {
          accountId: input.account,
          adminId: caller.id,
          name: input.name,
          description: input.description,
          camera: newWorkspaceCamera,
          workspacePlugins: newWorkspacePlugins,
        },
        { name: offlineBaseLayer.name, template: offlineBaseLayer.template },
      );
      // Only an account's admin creates in it (accounts.policy.ts, checked in the statement).
      if (!row)
        throw validationFailed({ account: [`Invalid pk "${input.account}" - object does not exist.`] });
      return presentWorkspace(row, 'admin');
    },

    async remove(caller: AuthedUser, id: number) {
      const { workspace } = await access(caller, id, 'admin');
      await db.transaction(async (tx) => {
        await repo.deleteWorkspace(tx, id);
        await recordAudit(tx, {
          kind: 'workspace_deleted',
          actor: caller,
          account: workspace.accountId,
          object: { type: 'workspace', id, label: workspace.name },
        });
      });
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
        const layerCopies = await copyLayerTree(tx, workspace.id, copy.id);
        await repo.setWorkspacePlugins(
          tx,
          copy.id,
          remapPluginLayers(workspace.workspacePlugins, layerCopies),
        );
        return copy.id;
      });
      const copy = await repo.findWorkspace(db, copyId);
      if (!copy) throw new Error('The copy vanished');
      return presentWorkspace(copy, 'admin');
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
