import type { CreateAccountRequest, PageQuery } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation, notFound, validationFailed } from '../../lib/errors.js';
import { pageFromDb } from '../../lib/pagination.js';
import { recordAudit } from '../audit/record.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { administers } from './accounts.policy.js';
import { presentAccount } from './accounts.presenter.js';
import * as repo from './accounts.repository.js';
import { slugify, uniqueSlug } from './slug.js';

/** Accounts are their admin's: nobody else lists, sees or deletes them (404). */
export function createAccountsService({ db }: Pick<AppContext, 'db'>) {
  /** The account if the caller administers it; null for any other id, existing or not. */
  async function administered(caller: AuthedUser, id: number): Promise<repo.AccountRow | null> {
    const account = await repo.findAccount(db, id);
    return account && administers(caller.id, account) ? account : null;
  }

  return {
    administered,

    async list(caller: AuthedUser, query: PageQuery) {
      return pageFromDb(
        query,
        async (window) => (await repo.listAccountsOfAdmin(db, caller.id, window)).map(presentAccount),
        () => repo.countAccountsOfAdmin(db, caller.id),
      );
    },

    /** The id of the caller's first account (the lowest id), or undefined without one. */
    async firstId(caller: AuthedUser): Promise<number | undefined> {
      return (await repo.listAccountsOfAdmin(db, caller.id, { limit: 1, offset: 0 }))[0]?.id;
    },

    async create(caller: AuthedUser, input: CreateAccountRequest) {
      if (input.admin !== caller.id)
        throw validationFailed({ admin: ['You can only create accounts for yourself.'] });
      const base = slugify(input.name);
      // A concurrent insert may take the same slug: the unique index decides, then try the next.
      for (let attempt = 0; attempt < 5; attempt++) {
        const slug = uniqueSlug(base, await repo.slugsLike(db, base));
        try {
          return presentAccount(
            await repo.insertAccount(db, {
              name: input.name,
              description: input.description,
              slug,
              adminId: caller.id,
            }),
          );
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error('Could not find a free slug');
    },

    async remove(caller: AuthedUser, id: number) {
      const account = await administered(caller, id);
      if (!account) throw notFound();
      await db.transaction(async (tx) => {
        await repo.deleteAccount(tx, id);
        await recordAudit(tx, {
          kind: 'account_deleted',
          actor: caller,
          account: id,
          object: { type: 'account', id, label: account.name },
        });
      });
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
