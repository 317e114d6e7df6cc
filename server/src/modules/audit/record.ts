import type { AuditDetails, AuditEventKind, AuditObjectType } from '@geows/contract';
import type { Db } from '../../db/client.js';
import { insertAuditEvent } from './audit.repository.js';
import type { ClientInfo } from './client-info.js';

/** Bounds on what a caller controls, so that the trail cannot be used to fill the disk. */
export const auditLimits = {
  username: 150,
  label: 200,
  userAgent: 256,
  ip: 64,
  detailKeys: 10,
  detailText: 200,
} as const;

/** Who acted: a signed-in user (with where their request came from), or a name tried at login. */
export type AuditActor = { id: number | null; username: string; client?: ClientInfo | undefined };

export type AuditEntry = {
  kind: AuditEventKind;
  /** Null: the operator (`npm run admin`). */
  actor: AuditActor | null;
  /** Where the request came from when the actor does not carry it (a login, a reset link). */
  client?: ClientInfo | undefined;
  account?: number | null | undefined;
  object?: { type: AuditObjectType; id: number | null; label?: string | undefined } | undefined;
  /** Never a secret, token or password: names of things, ids, reasons. */
  details?: AuditDetails | undefined;
};

const bounded = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function boundedDetails(details: AuditDetails | undefined): AuditDetails {
  const out: AuditDetails = {};
  for (const [key, value] of Object.entries(details ?? {}).slice(0, auditLimits.detailKeys)) {
    out[bounded(key, 50)] = typeof value === 'string' ? bounded(value, auditLimits.detailText) : value;
  }
  return out;
}

/**
 * Writes one security event. Pass the transaction of the change it records, so that a
 * change rolled back leaves no event; a failure (a wrong password) is written on its own.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const client = entry.client ?? entry.actor?.client;
  await insertAuditEvent(db, {
    kind: entry.kind,
    actorId: entry.actor?.id ?? null,
    actorUsername: bounded(entry.actor?.username ?? '', auditLimits.username),
    accountId: entry.account ?? null,
    objectType: entry.object?.type ?? null,
    objectId: entry.object?.id ?? null,
    objectLabel: bounded(entry.object?.label ?? '', auditLimits.label),
    clientIp: bounded(client?.ip ?? '', auditLimits.ip),
    userAgent: bounded(client?.userAgent ?? '', auditLimits.userAgent),
    details: boundedDetails(entry.details),
  });
}
