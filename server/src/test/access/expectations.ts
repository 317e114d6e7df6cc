import type { RouteAccess } from '../../lib/route-access.js';

/**
 * The kinds of caller the matrix tries on every endpoint, seen from one tenant (A):
 * who they are and what they hold on its workspace. A group's membership grants no
 * workspace rights by itself (`groupOutsider`); together with an invitation it shows
 * the group's layers (`groupMember`). An operator's demo mode gives view rights
 * (`demoUser`). `loggedOut` sends the token of a session that has ended, which counts
 * for nothing.
 */
export const callerKinds = [
  'anonymous',
  'stranger',
  'groupOutsider',
  'viewer',
  'groupMember',
  'demoUser',
  'editor',
  'admin',
  'liveShare',
  'revokedShare',
  'expiredShare',
  'loggedOut',
] as const;
export type CallerKind = (typeof callerKinds)[number];

type Rights = 'none' | 'view' | 'edit' | 'admin';

/** What each caller holds on tenant A's workspace: a login with these rights, or a share link's token. */
const standing: Record<CallerKind, { login: Rights } | { share: 'live' | 'dead' } | 'nobody'> = {
  anonymous: 'nobody',
  stranger: { login: 'none' },
  groupOutsider: { login: 'none' },
  viewer: { login: 'view' },
  groupMember: { login: 'view' },
  demoUser: { login: 'view' },
  editor: { login: 'edit' },
  admin: { login: 'admin' },
  liveShare: { share: 'live' },
  revokedShare: { share: 'dead' },
  expiredShare: { share: 'dead' },
  loggedOut: 'nobody',
};

/** `allowed`: the endpoint's own answer; a number: the refusal a caller must get. */
export type Expected = 'allowed' | 401 | 403 | 404;

const rank: Record<Rights, number> = { none: 0, view: 1, edit: 2, admin: 3 };

/**
 * The answer a rule gives a caller on tenant A's own objects: the single place the matrix
 * takes its expectations from, so that a new endpoint is covered by declaring its rule.
 * Rules on an object hide it (404) from callers without any right to it, and refuse with
 * 403 those who can see it but not do this; without a login (or a share link where one
 * reads) the answer is 401.
 */
export function expectedAnswer(rule: RouteAccess, caller: CallerKind): Expected {
  const held = standing[caller];
  if (rule === 'public') return 'allowed';
  if (rule === 'operator') return 404;
  if (rule === 'layer-capability') return 403;
  if (rule === 'workspace-viewer' && typeof held === 'object' && 'share' in held)
    return held.share === 'live' ? 'allowed' : 404;
  if (typeof held !== 'object' || !('login' in held)) return 401;
  const rights = held.login;
  switch (rule) {
    case 'signed-in':
      return 'allowed';
    // The matrix aims these at tenant A's admin's own user and account.
    case 'self':
    case 'account-admin':
      return rights === 'admin' ? 'allowed' : 404;
    case 'workspace-viewer':
      return rights === 'none' ? 404 : 'allowed';
    case 'workspace-editor':
    // The invitations the matrix aims at are addressed to nobody among the callers.
    case 'invitee-or-workspace-editor':
      return needs(rights, 'edit');
    case 'workspace-admin':
      return needs(rights, 'admin');
  }
}

function needs(rights: Rights, needed: Rights): Expected {
  if (rights === 'none') return 404;
  return rank[rights] >= rank[needed] ? 'allowed' : 403;
}

/**
 * Rules that address one object by the ids in the call: another tenant's ids there must
 * be answered 404, as if they did not exist.
 */
export const addressesAnObject = (rule: RouteAccess) =>
  rule !== 'public' && rule !== 'signed-in' && rule !== 'operator' && rule !== 'layer-capability';

/** Who may see the layers of tenant A's user group (field level: the layer tree, its sources, features). */
export const seesGroupedLayers = (caller: CallerKind) =>
  caller === 'groupMember' || caller === 'editor' || caller === 'admin';
