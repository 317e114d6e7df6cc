import type { Layer, WorkspaceRights } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { forbidden, notFound, validationFailed } from '../../lib/errors.js';
import type { AuthedUser, SessionCheck } from '../auth/authenticate.js';
import { findDatasources } from '../datasources/datasources.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { flattenTree, presentLayerTree } from './layers.presenter.js';
import * as repo from './layers.repository.js';
import type { Capabilities, Capability } from './proxy-capability.js';

type Reader = { kind: 'user'; user: AuthedUser; rights: WorkspaceRights } | { kind: 'share' };
export type ReadQuery = { workspace?: number | undefined; token?: string | undefined };

/**
 * Who may read which layer, in one place: the tree, the sources, the features and the
 * proxy all ask here. Everyone with view rights reads a workspace's tree (a share link
 * too); a layer with user groups shows only to the admin, the editors and the groups'
 * members — never through a share link — and hides its children with it.
 */
export function createLayerReaders(
  { db }: Pick<AppContext, 'db'>,
  deps: { workspaces: WorkspacesService; capabilities: Capabilities; sessions: SessionCheck },
) {
  /** Whom a grouped layer shows to. */
  async function visibility(reader: Reader): Promise<(row: repo.LayerRow) => boolean> {
    if (reader.kind === 'user' && reader.rights !== 'view') return () => true;
    const groups = new Set(reader.kind === 'user' ? await repo.memberGroupIds(db, reader.user) : []);
    return (row) => row.userGroups.length === 0 || row.userGroups.some((id) => groups.has(id));
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
      subject = { user: user.id, session: user.tokenId };
    }
    const tree = presentLayerTree(await repo.readWorkspaceLayers(db, workspaceId), await visibility(reader));
    return { tree, subject };
  }

  /**
   * A layer's source for the holder of a capability: it must be this server's, for this
   * layer and not expired; the login session or share link it was issued under must still
   * live, and its subject still see the layer (all checked on every call). `reader` names
   * who reads, for limits per reader.
   */
  async function sourceByCapability(id: number, text: string) {
    const invalid = () => forbidden('This map address has expired or is not valid. Reload the page.');
    const capability = deps.capabilities.verify(text, id);
    if (!capability) throw invalid();
    const { subject } = capability;
    if ('share' in subject) {
      const source = await visibleSource(() => Promise.reject(notFound()), id, subject.share);
      return { source, reader: `share:${subject.share}` };
    }
    const user = await deps.sessions(subject.session, subject.user);
    if (!user) throw invalid();
    return { source: await visibleSource(async () => user, id, undefined), reader: `user:${user.id}` };
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

  return { readable, readableTree, visibleSource, sourceByCapability };
}
export type LayerReaders = ReturnType<typeof createLayerReaders>;
