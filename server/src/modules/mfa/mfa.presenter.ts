import type { ActiveMfaMethod } from '@geows/contract';
import type { MfaMethodRow } from './mfa.repository.js';

export const presentActiveMethod = (row: MfaMethodRow): ActiveMfaMethod => ({
  name: row.name,
  is_primary: row.isPrimary,
});
