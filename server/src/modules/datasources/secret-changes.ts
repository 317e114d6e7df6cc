import type { AuditDetails } from '@geows/contract';

/**
 * Which of a type's secrets a write sets, changes or clears, by name only (the audit
 * trail must never hold a secret): `{ password: 'set', apiKey: 'cleared' }`, or null
 * when none changed.
 */
export function secretChanges(
  keys: readonly string[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditDetails | null {
  const changes: AuditDetails = {};
  for (const key of keys) {
    const was = typeof before[key] === 'string' ? before[key] : undefined;
    const now = typeof after[key] === 'string' ? after[key] : undefined;
    if (was === now) continue;
    changes[key] = was === undefined ? 'set' : now === undefined ? 'cleared' : 'changed';
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
