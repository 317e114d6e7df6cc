/** The query keys of the audit endpoints: each starts with `all`, so one invalidation reaches them all. */
export const auditKeys = {
  all: ['audit'] as const,
  /** `GET /api/users/me/events`. */
  mine: () => [...auditKeys.all, 'mine'] as const,
  /** `GET /api/accounts/{id}/events?page=` (0-based, as the table counts). */
  account: (accountId: number, page: number) => [...auditKeys.all, 'account', accountId, page] as const,
};
