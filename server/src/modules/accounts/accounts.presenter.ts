import type { Account } from '@geows/contract';
import type { ListedAccount } from './accounts.repository.js';

export const presentAccount = (row: ListedAccount): Account => ({
  id: row.id,
  name: row.name,
  description: row.description,
  slug: row.slug,
  admin: row.adminId,
});
