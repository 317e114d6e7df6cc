import type { CreateUserGroupRequest, PageQuery } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation, notFound, validationFailed } from '../../lib/errors.js';
import { pageFromDb } from '../../lib/pagination.js';
import { administers } from '../accounts/accounts.policy.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { presentMember, presentUserGroup } from './usergroups.presenter.js';
import * as repo from './usergroups.repository.js';

/**
 * User groups belong to their account's admin (others: 404). Members are e-mail
 * addresses: one without an account waits, and becomes the member's when its owner
 * logs in; the answers never say whether an address has an account.
 */
export function createUserGroupsService({ db }: Pick<AppContext, 'db'>, deps: { accounts: AccountsService }) {
  async function owned(caller: AuthedUser, id: number) {
    const group = await repo.findGroup(db, id);
    if (!group || !administers(caller.id, group)) throw notFound();
    return group;
  }

  return {
    async list(caller: AuthedUser, query: PageQuery & { account?: number | undefined }) {
      const filter = { adminId: caller.id, accountId: query.account };
      return pageFromDb(
        query,
        async (window) => (await repo.listGroups(db, filter, window)).map(presentUserGroup),
        () => repo.countGroups(db, filter),
      );
    },

    async create(caller: AuthedUser, input: CreateUserGroupRequest) {
      let accountId = input.account;
      if (accountId === undefined) {
        // Without an account: the caller's first one (the lowest id).
        accountId = await deps.accounts.firstId(caller);
        if (accountId === undefined)
          throw validationFailed({ account: ['Create an account first: user groups belong to an account.'] });
      } else if (!(await deps.accounts.administered(caller, accountId))) {
        throw validationFailed({ account: [`Invalid pk "${accountId}" - object does not exist.`] });
      }
      const row = await repo.insertGroup(db, { accountId, name: input.name });
      return presentUserGroup({ ...row, members: 0 });
    },

    async remove(caller: AuthedUser, id: number) {
      await owned(caller, id);
      await repo.deleteGroup(db, id);
    },

    async members(caller: AuthedUser, id: number, query: PageQuery) {
      await owned(caller, id);
      return pageFromDb(
        query,
        async (window) => (await repo.listMembers(db, id, window)).map(presentMember),
        () => repo.countMembers(db, id),
      );
    },

    async addMember(caller: AuthedUser, id: number, email: string) {
      await owned(caller, id);
      try {
        const member = await repo.insertMember(db, id, email);
        await repo.touchGroup(db, id);
        return presentMember(member);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw validationFailed({ email: ['This address is already a member of the group.'] });
      }
    },

    async removeMember(caller: AuthedUser, id: number, memberId: number) {
      await owned(caller, id);
      if (!(await repo.deleteMember(db, id, memberId))) throw notFound();
      await repo.touchGroup(db, id);
    },
  };
}
export type UserGroupsService = ReturnType<typeof createUserGroupsService>;
