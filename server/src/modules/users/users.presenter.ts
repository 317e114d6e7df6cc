import type { ActiveMfaMethod, AuthUser, Profile } from '@geows/contract';
import type { profiles, users } from '../../db/schema.js';

export function presentAuthUser(
  user: typeof users.$inferSelect,
  profile: typeof profiles.$inferSelect,
  mfa: ActiveMfaMethod[],
): AuthUser {
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

export function presentProfile(profile: typeof profiles.$inferSelect): Profile {
  const { id, company, street, number, city, country } = profile;
  return { id, company, street, number, city, country };
}
