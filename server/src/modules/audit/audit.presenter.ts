import type { AuditEvent, AuditEventKind, AuditObjectType } from '@geows/contract';
import type { AuditEventRow } from './audit.repository.js';

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    kind: row.kind as AuditEventKind,
    actor: row.actorId,
    actor_username: row.actorUsername,
    account: row.accountId,
    object_type: row.objectType as AuditObjectType | null,
    object_id: row.objectId,
    object_label: row.objectLabel,
    ip: row.clientIp,
    user_agent: row.userAgent,
    details: row.details,
  };
}
