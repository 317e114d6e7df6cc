import { workspacesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf } from '../../lib/pagination.js';
import { type Authenticator, userOf } from '../auth/authenticate.js';
import type { WorkspacesService } from './workspaces.service.js';

export function workspacesRoutes(
  route: RegisterEndpoint,
  { workspaces, authenticate }: { workspaces: WorkspacesService; authenticate: Authenticator },
) {
  route(
    workspacesApi.list,
    async (request) => pagedOf(request, await workspaces.list(userOf(request), request.query)),
    { lean: true },
  );
  route(workspacesApi.create, async (request) => workspaces.create(userOf(request), request.body));
  // A share link's token opens the workspace without a login; otherwise the login decides.
  route(
    workspacesApi.get,
    async (request) => workspaces.read(() => authenticate(request), request.params.id, request.query.token),
    { lean: true },
  );
  // Where the call came from: a dashboard on this site's own origin is refused.
  route(workspacesApi.update, async (request) =>
    workspaces.update(userOf(request), request.params.id, request.body, {
      origin: request.headers.origin,
      self: `${request.protocol}://${request.host}`,
    }),
  );
  route(workspacesApi.editors, async (request) =>
    pagedOf(request, await workspaces.editors(userOf(request), request.params.id, request.query)),
  );
  route(workspacesApi.addEditor, async (request) =>
    workspaces.addEditor(userOf(request), request.params.id, request.body.email),
  );
  route(workspacesApi.removeEditor, async (request) => {
    await workspaces.removeEditor(userOf(request), request.params.id, request.params.userId);
  });
  route(workspacesApi.shareLinks, async (request) =>
    pagedOf(request, await workspaces.shareLinks(userOf(request), request.params.id, request.query)),
  );
  route(workspacesApi.createShareLink, async (request) =>
    workspaces.createShareLink(userOf(request), request.params.id, request.body),
  );
  route(workspacesApi.removeShareLink, async (request) => {
    await workspaces.removeShareLink(userOf(request), request.params.id, request.params.shareId);
  });
  route(workspacesApi.remove, async (request) => {
    await workspaces.remove(userOf(request), request.params.id);
  });
  route(workspacesApi.clone, async (request) => workspaces.clone(userOf(request), request.body.workspace));
}
