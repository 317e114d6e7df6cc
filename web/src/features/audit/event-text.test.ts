import type { AuditEvent } from '@geows/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { eventSource, eventSubject, eventTitle } from './event-text';

/** The English catalog as `t` reads it, with {{placeholders}} filled in. */
const t = ((key: string, values: Record<string, string> = {}) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  return String(found).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}) as unknown as TFunction;

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  occurred_at: '2026-11-26T07:00:00.000Z',
  kind: 'login_succeeded',
  actor: 7,
  actor_username: 'anna',
  account: null,
  object_type: null,
  object_id: null,
  object_label: '',
  ip: '192.0.2.4',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  details: {},
  ...overrides,
});

describe('event texts', () => {
  it('says what happened, to what, and from where', () => {
    const failed = event({ kind: 'login_failed', details: { reason: 'wrong_code' } });
    expect([eventTitle(failed, t), eventSubject(failed, t), eventSource(failed, t)]).toEqual([
      'Login failed',
      'wrong code',
      'Firefox on Windows · 192.0.2.4',
    ]);
    const secrets = event({
      kind: 'datasource_secrets_changed',
      object_label: 'Roads WMS',
      details: { password: 'cleared' },
    });
    expect(eventSubject(secrets, t)).toBe('Roads WMS · password');
    const link = event({
      kind: 'share_link_revoked',
      object_label: 'Council',
      details: { workspace: 3, workspace_name: 'Harbour' },
    });
    expect(eventSubject(link, t)).toBe('Harbour · Council');
  });

  it('names the operator, and an unreadable browser', () => {
    expect(eventSource(event({ kind: 'sessions_revoked', actor: null, ip: '', user_agent: '' }), t)).toBe(
      'Operator',
    );
    expect(eventSource(event({ user_agent: '' }), t)).toBe('Unknown browser · 192.0.2.4');
  });
});
