import { accountsApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { pagedOf } from '../../lib/pagination.js';
import { userOf } from '../auth/authenticate.js';
import type { AccountsService } from './accounts.service.js';

export function accountsRoutes(route: RegisterEndpoint, { accounts }: { accounts: AccountsService }) {
  route(
    accountsApi.list,
    async (request) => pagedOf(request, await accounts.list(userOf(request), request.query)),
    { lean: true },
  );
  route(accountsApi.create, async (request) => accounts.create(userOf(request), request.body));
  route(accountsApi.remove, async (request) => {
    await accounts.remove(userOf(request), request.params.id);
  });
}
