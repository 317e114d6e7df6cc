import type { Account, CreateAccountRequest } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import type { AuthedUser } from '../auth/authenticate.js';
import * as repo from './accounts.repository.js';
import { slugify, uniqueSlug } from './slug.js';

export const presentAccount = (row: repo.AccountRow): Account => ({
  id: row.id,
  name: row.name,
  description: row.description,
  slug: row.slug,
  admin: row.adminId,
});

/** Accounts are their admin's: nobody else lists, sees or deletes them (404). */
export function createAccountsService({ db }: AppContext) {
  return {
    async list(caller: AuthedUser) {
      return (await repo.listAccountsOfAdmin(db, caller.id)).map(presentAccount);
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
          const code =
            (error as { cause?: { code?: string }; code?: string }).cause?.code ??
            (error as { code?: string }).code;
          if (code !== '23505') throw error;
        }
      }
      throw new Error('Could not find a free slug');
    },

    async remove(caller: AuthedUser, id: number) {
      const account = await repo.findAccountOfAdmin(db, caller.id, id);
      if (!account) throw notFound();
      await repo.deleteAccount(db, id);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
