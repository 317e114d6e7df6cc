import { z } from 'zod';
import { idParam, pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The security events the audit trail keeps (a closed set: the table's `kind`, the
 * screens' texts and the export all name these and nothing else).
 */
export const auditEventKinds = [
  'login_succeeded',
  'login_failed',
  'mfa_added',
  'mfa_removed',
  'password_changed',
  'password_reset',
  'sessions_revoked',
  'user_deleted',
  'account_deleted',
  'workspace_deleted',
  'editor_added',
  'editor_removed',
  'invitation_created',
  'invitation_removed',
  'group_member_added',
  'group_member_removed',
  'share_link_created',
  'share_link_revoked',
  'datasource_secrets_changed',
] as const;
export const auditEventKind = z.enum(auditEventKinds);
export type AuditEventKind = z.infer<typeof auditEventKind>;

/** What an event was about; its label as it was then (the object may be gone since). */
export const auditObjectTypes = [
  'user',
  'account',
  'workspace',
  'invitation',
  'user_group',
  'share_link',
  'datasource',
] as const;
export const auditObjectType = z.enum(auditObjectTypes);
export type AuditObjectType = z.infer<typeof auditObjectType>;

/** Small facts about an event (a factor's name, a secret's key): never a secret, token or password. */
export const auditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof auditDetails>;

export const auditEvent = z.object({
  id: z.number(),
  occurred_at: z.string(),
  kind: auditEventKind,
  /** The user who acted (or in whose name a login was tried); null for the operator or an unknown name. */
  actor: z.number().nullable(),
  actor_username: z.string(),
  account: z.number().nullable(),
  object_type: auditObjectType.nullable(),
  object_id: z.number().nullable(),
  object_label: z.string(),
  /** The client's address as the server saw it (behind a trusted proxy: X-Forwarded-For). */
  ip: z.string(),
  user_agent: z.string(),
  details: auditDetails,
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const auditEventPage = pageOf(auditEvent);

/** How many of their own events people see on their profile. */
export const ownAuditEventCount = 20;
/** The account page's activity table: rows per page. */
export const accountAuditPageSize = 20;

const tag = 'audit';
export const auditApi = {
  mine: endpoint({
    method: 'GET',
    path: '/api/users/me/events',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: "The signed-in user's last 20 security events, newest first",
    response: auditEventPage,
  }),
  ofAccount: endpoint({
    method: 'GET',
    path: '/api/accounts/:id/events',
    auth: 'token',
    access: 'account-admin',
    status: 200,
    tag,
    summary: "An account's security events, newest first (its admin only)",
    params: idParam,
    query: pageQuery,
    response: auditEventPage,
  }),
};
