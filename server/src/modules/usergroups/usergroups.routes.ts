import { userGroupsApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { UserGroupsService } from './usergroups.service.js';

export function userGroupsRoutes(route: RegisterEndpoint, { userGroups }: { userGroups: UserGroupsService }) {
  route(
    userGroupsApi.list,
    async (request) => pagedOf(request, await userGroups.list(userOf(request), request.query)),
    { lean: true },
  );
  route(userGroupsApi.create, async (request) => userGroups.create(userOf(request), request.body));
  route(userGroupsApi.remove, async (request) => {
    await userGroups.remove(userOf(request), request.params.id);
  });
  route(userGroupsApi.members, async (request) =>
    pagedOf(request, await userGroups.members(userOf(request), request.params.id, request.query)),
  );
  route(userGroupsApi.addMember, async (request) =>
    userGroups.addMember(userOf(request), request.params.id, request.body.email),
  );
  route(userGroupsApi.removeMember, async (request) => {
    await userGroups.removeMember(userOf(request), request.params.id, request.params.memberId);
  });
}
