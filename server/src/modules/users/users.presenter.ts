import type { ActiveMfaMethod, AuthUser, Profile } from '@geows/contract';
import type { UserRow } from '../auth/auth.repository.js';
import type { ProfileRow } from './users.repository.js';

export function presentAuthUser(user: UserRow, profile: ProfileRow, mfa: ActiveMfaMethod[]): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    profile: { mfa_required: profile.mfaRequired },
    mfa,
  };
}

/** A user as `npm run admin -- user …` prints it. */
export function presentUserForOperator(user: UserRow, profile: ProfileRow | null) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    active: user.isActive,
    mfa_required: profile?.mfaRequired ?? false,
  };
}

export function presentProfile(profile: ProfileRow): Profile {
  const { id, company, street, number, city, country } = profile;
  return { id, company, street, number, city, country };
}
