import { usersApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf, pageFromList } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(route: RegisterEndpoint, { users }: { users: UsersService }) {
  // Lists of one (the only user and profile a caller sees), paged like every list.
  route(usersApi.me, async (request) =>
    pagedOf(request, pageFromList(request.query, [await users.me(userOf(request))])),
  );
  route(usersApi.remove, async (request) => {
    await users.deleteUser(userOf(request), request.params.id);
  });
  route(usersApi.profile, async (request) =>
    pagedOf(request, pageFromList(request.query, [await users.myProfile(userOf(request))])),
  );
  route(usersApi.updateProfile, async (request) =>
    users.updateProfile(userOf(request), request.params.id, request.body),
  );
}
