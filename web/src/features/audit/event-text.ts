import type { AuditEvent } from '@geows/contract';
import type { TFunction } from 'i18next';
import { browserName } from './browser-name';

const loginFailures = {
  wrong_password: 'audit.wrongPassword',
  wrong_code: 'audit.wrongCode',
  unknown_user: 'audit.unknownUser',
  inactive: 'audit.inactive',
  locked_out: 'audit.lockedOut',
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What happened, in words: "Login failed". */
export const eventTitle = (event: AuditEvent, t: TFunction) => t(`audit.kinds.${event.kind}`);

/**
 * What it happened to, when there is something to say: the object's name as it was, a
 * member's address, a factor, why a login failed. Empty when the title says it all.
 */
export function eventSubject(event: AuditEvent, t: TFunction): string {
  const { details } = event;
  switch (event.kind) {
    case 'login_failed': {
      const reason = loginFailures[text(details.reason) as keyof typeof loginFailures];
      return reason ? t(reason) : '';
    }
    case 'login_succeeded':
      return details.second_factor === true ? t('audit.withCode') : '';
    case 'mfa_added':
    case 'mfa_removed':
      return details.method === 'app' ? t('mfa.app') : details.method === 'email' ? t('mfa.email') : '';
    case 'editor_added':
      return [event.object_label, text(details.username)].filter(Boolean).join(' · ');
    case 'group_member_added':
    case 'group_member_removed':
      return [event.object_label, text(details.email)].filter(Boolean).join(' · ');
    case 'invitation_created':
    case 'invitation_removed':
    case 'share_link_created':
    case 'share_link_revoked':
      return [text(details.workspace_name), event.object_label].filter(Boolean).join(' · ');
    case 'datasource_secrets_changed':
      return [event.object_label, Object.keys(details).join(', ')].filter(Boolean).join(' · ');
    default:
      return event.object_label;
  }
}

/** Where from: "Firefox on Windows · 192.0.2.4", the operator's command line, or just the address. */
export function eventSource(event: AuditEvent, t: TFunction): string {
  if (event.actor === null && !event.ip) return t('audit.operator');
  const named = browserName(event.user_agent);
  const browser = !named
    ? t('audit.unknownBrowser')
    : named.system
      ? t('audit.browserOn', { browser: named.browser, system: named.system })
      : named.browser;
  return [browser, event.ip].filter(Boolean).join(' · ');
}

/** When, as people of `language` read it: "26 Nov 2026, 09:30". */
export function eventTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
