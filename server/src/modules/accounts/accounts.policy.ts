/**
 * An account belongs to its admin (its creator): only they list it, see it, delete it,
 * and create workspaces, data sources and user groups in it. Everyone else is answered
 * as if the account did not exist.
 */
export function administers(callerId: number, account: { adminId: number }): boolean {
  return account.adminId === callerId;
}
