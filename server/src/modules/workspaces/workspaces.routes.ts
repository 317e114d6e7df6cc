import { workspacesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pageOf } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { WorkspacesService } from './workspaces.service.js';

export function workspacesRoutes(route: RegisterEndpoint, { workspaces }: { workspaces: WorkspacesService }) {
  route(workspacesApi.list, async (request) =>
    pageOf(await workspaces.list(userOf(request), request.query.account)),
  );
  route(workspacesApi.create, async (request) => workspaces.create(userOf(request), request.body));
  route(workspacesApi.get, async (request) => workspaces.get(userOf(request), request.params.id));
  route(workspacesApi.remove, async (request) => {
    await workspaces.remove(userOf(request), request.params.id);
  });
  route(workspacesApi.clone, async (request) => workspaces.clone(userOf(request), request.body.workspace));
}
