import type { UserGroup, UserGroupMember } from '@geows/contract';
import type { MemberRow, UserGroupListRow } from './usergroups.repository.js';

export const presentUserGroup = (row: UserGroupListRow): UserGroup => ({
  id: row.id,
  name: row.name,
  account: row.accountId,
  date_modified: row.updatedAt.toISOString(),
  members: row.members,
});

/** `user` and `username` stay null until the address's owner has logged in once. */
export const presentMember = (row: MemberRow): UserGroupMember => ({
  id: row.id,
  user: row.userId,
  email: row.email,
  username: row.userId === null ? null : row.username,
});
