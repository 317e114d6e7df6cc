import type { CreateUserGroupRequest, PageQuery } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation, notFound, validationFailed } from '../../lib/errors.js';
import { pageFromDb } from '../../lib/pagination.js';
import { administers } from '../accounts/accounts.policy.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { recordAudit } from '../audit/record.js';
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
      const group = await owned(caller, id);
      try {
        const member = await db.transaction(async (tx) => {
          const inserted = await repo.insertMember(tx, id, email);
          await repo.touchGroup(tx, id);
          await recordAudit(tx, {
            kind: 'group_member_added',
            actor: caller,
            account: group.accountId,
            object: { type: 'user_group', id, label: group.name },
            details: { member: inserted.id, email: inserted.email },
          });
          return inserted;
        });
        return presentMember(member);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw validationFailed({ email: ['This address is already a member of the group.'] });
      }
    },

    async removeMember(caller: AuthedUser, id: number, memberId: number) {
      const group = await owned(caller, id);
      await db.transaction(async (tx) => {
        const member = await repo.deleteMember(tx, id, memberId);
        if (!member) throw notFound();
        await repo.touchGroup(tx, id);
        await recordAudit(tx, {
          kind: 'group_member_removed',
          actor: caller,
          account: group.accountId,
          object: { type: 'user_group', id, label: group.name },
          details: { member: memberId, email: member.email },
        });
      });
    },
  };
}
export type UserGroupsService = ReturnType<typeof createUserGroupsService>;
