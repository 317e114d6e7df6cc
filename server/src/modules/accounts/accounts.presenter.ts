import type { Account } from '@geows/contract';
import type { AccountRow } from './accounts.repository.js';

export const presentAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  description: row.description,
  slug: row.slug,
  admin: row.adminId,
});
