/**
 * The query keys of the user group endpoints, in one place: every list starts with
 * `lists()`, so one invalidation reloads them all.
 */
export const userGroupKeys = {
  all: ['userGroups'] as const,
  lists: () => [...userGroupKeys.all, 'list'] as const,
  /** `GET /api/userGroup?account=` (without an account: every account the caller administers). */
  list: (account: number | undefined) => [...userGroupKeys.lists(), account ?? 'all'] as const,
  /** `GET /api/userGroup/{id}/members`. */
  members: (id: number) => [...userGroupKeys.all, 'members', id] as const,
};
