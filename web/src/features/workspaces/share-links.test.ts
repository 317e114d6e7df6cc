import { describe, expect, it } from 'vitest';
import { embedCode, endOfDay, isExpired, shareUrl, today } from './share-links';

const link = (expires: string | null) => ({
  id: 1,
  token: 't',
  label: '',
  expires,
  created: '2025-01-01T00:00:00Z',
  last_used: null,
});

describe('share links', () => {
  it('open /workspace/share/{id}/{token} on the origin', () => {
    expect(shareUrl('https://maps.example.org', 4, 'abc_-1')).toBe(
      'https://maps.example.org/workspace/share/4/abc_-1',
    );
  });

  it('embed as a lazy, borderless iframe titled with the escaped workspace name', () => {
    expect(embedCode('https://x.test/workspace/share/4/abc', 'Dijk & "Kade" <3>')).toBe(
      '<iframe src="https://x.test/workspace/share/4/abc" width="100%" height="480" style="border:0" title="Dijk &amp; &quot;Kade&quot; &lt;3&gt;" loading="lazy"></iframe>',
    );
  });

  it('expire at the end of the chosen day in the local time zone', () => {
    const iso = endOfDay('2030-01-31');
    expect(iso).toMatch(/^2030-01-31T23:59:59[+-]\d\d:\d\d$/);
    expect(Date.parse(iso)).toBe(new Date(2030, 0, 31, 23, 59, 59).getTime());
    expect(today(new Date(2030, 0, 5, 8))).toBe('2030-01-05');
  });

  it('count as expired only once the expiry has passed', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(isExpired(link(null), now)).toBe(false);
    expect(isExpired(link('2026-06-01T11:00:00Z'), now)).toBe(true);
    expect(isExpired(link('2026-06-02T00:00:00Z'), now)).toBe(false);
  });
});
