import { ownAuditEventCount, type PageQuery } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { pageFromDb, pageFromList } from '../../lib/pagination.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { presentAuditEvent } from './audit.presenter.js';
import * as repo from './audit.repository.js';

/**
 * Reading the trail: everyone their own last events; an account's admin the account's
 * (anyone else: 404, as for the account itself). Writing is `recordAudit` (record.ts),
 * called by the services in the transaction of the change they make.
 */
export function createAuditService({ db }: Pick<AppContext, 'db'>, deps: { accounts: AccountsService }) {
  return {
    async mine(caller: AuthedUser) {
      const rows = await repo.listEventsOfActor(db, caller.id, ownAuditEventCount);
      return pageFromList({}, rows.map(presentAuditEvent));
    },

    async ofAccount(caller: AuthedUser, accountId: number, query: PageQuery) {
      if (!(await deps.accounts.administered(caller, accountId))) throw notFound();
      return pageFromDb(
        query,
        async (window) => (await repo.listEventsOfAccount(db, accountId, window)).map(presentAuditEvent),
        () => repo.countEventsOfAccount(db, accountId),
      );
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
