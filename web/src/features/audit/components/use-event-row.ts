import type { AuditEvent } from '@geows/contract';
import { useTranslation } from 'react-i18next';
import { eventSource, eventSubject, eventTime, eventTitle } from '../event-text';

/** One event as the table and the cards show it: the same words in both. */
export function useEventRow() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (event: AuditEvent) => ({
    when: eventTime(event.occurred_at, language),
    title: eventTitle(event, t),
    subject: eventSubject(event, t),
    who: event.actor === null && !event.actor_username ? t('audit.operator') : event.actor_username,
    from: eventSource(event, t),
    failed: event.kind === 'login_failed',
  });
}
