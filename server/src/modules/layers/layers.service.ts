import type { LibraryQuery } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { pageFromDb, pageFromList } from '../../lib/pagination.js';
import type { AuthedUser, SessionCheck } from '../auth/authenticate.js';
import type { ArcgisSignInService } from '../datasources/arcgis-sign-in.service.js';
import type { DatasourcesService } from '../datasources/datasources.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createLayerReaders, type ReadQuery } from './layer-readers.js';
import { createLayerSourcesService } from './layer-sources.service.js';
import { createLayerTreeService } from './layer-tree.service.js';
import { presentLibraryLayer } from './layers.presenter.js';
import * as repo from './layers.repository.js';
import type { Capabilities } from './proxy-capability.js';

/**
 * The layers domain, by concern: who may read (`layer-readers.ts`), tree changes
 * (`layer-tree.service.ts`), what the viewer draws and the proxy fetches
 * (`layer-sources.service.ts`); the reads of lists live here.
 */
export function createLayersService(
  ctx: Pick<AppContext, 'db'>,
  deps: {
    workspaces: WorkspacesService;
    datasources: Pick<DatasourcesService, 'openSecretsOf'>;
    arcgis: Pick<ArcgisSignInService, 'tokenFor'>;
    capabilities: Capabilities;
    sessions: SessionCheck;
  },
) {
  const { db } = ctx;
  const readers = createLayerReaders(ctx, deps);
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
      return pageFromList(query, await readers.readableTree(caller, query));
    },

    ...createLayerSourcesService(ctx, { ...deps, readers }),
    ...createLayerTreeService(ctx, deps),
  };
}
export type LayersService = ReturnType<typeof createLayersService>;
