import type { ProfileUpdate } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/record.js';
import type { AuthedUser } from '../auth/authenticate.js';
import type { MfaService } from '../mfa/mfa.service.js';
import { presentAuthUser, presentProfile } from './users.presenter.js';
import * as repo from './users.repository.js';

/** A user sees and changes only themselves; any other id is "not found". */
export function createUsersService({ db }: AppContext, deps: { mfa: MfaService }) {
  return {
    async me(caller: AuthedUser) {
      const row = await repo.findUserWithProfile(db, caller.id);
      if (!row?.profile) throw notFound();
      return presentAuthUser(row.user, row.profile, await deps.mfa.activeMethods(caller.id));
    },

    async myProfile(caller: AuthedUser) {
      const profile = await repo.findProfileOfUser(db, caller.id);
      if (!profile) throw notFound();
      return presentProfile(profile);
    },

    async updateProfile(caller: AuthedUser, profileId: number, values: ProfileUpdate) {
      const profile = await repo.updateOwnProfile(db, caller.id, profileId, values);
      if (!profile) throw notFound();
      return presentProfile(profile);
    },

    /** Deletes the user; rows that only they own go with them (foreign keys cascade). */
    async deleteUser(caller: AuthedUser, userId: number) {
      if (userId !== caller.id) throw notFound();
      // Not in one transaction: the token cache forgets the user on `db` itself (token-cache.ts).
      await repo.deleteUser(db, caller.id);
      await recordAudit(db, {
        kind: 'user_deleted',
        actor: caller,
        object: { type: 'user', id: caller.id, label: caller.username },
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
