import { describe, expect, it } from 'vitest';
import { withPlugin } from '../save-plugins';
import { dashboardBi, dashboardHost, needsReload } from './dashboard-url';

const withDashboardUrl = (stored: string, url: string) => withPlugin(stored, 'bi', dashboardBi(stored, url));

describe('the dashboard address', () => {
  it('replaces bi.url only, keeping every other key as stored', () => {
    const stored = JSON.stringify({
      views: [{ id: 1 }],
      bi: { url: 'https://a.example.org', note: 'x' },
      z: 1,
    });
    expect(JSON.parse(withDashboardUrl(stored, ''))).toEqual({
      views: [{ id: 1 }],
      bi: { url: '', note: 'x' },
      z: 1,
    });
    expect(JSON.parse(withDashboardUrl('not json', 'https://b.example.org'))).toEqual({
      bi: { url: 'https://b.example.org' },
    });
    expect(JSON.parse(withDashboardUrl('{"bi": 7}', 'https://b.example.org'))).toEqual({
      bi: { url: 'https://b.example.org' },
    });
  });

  it('names its host, and asks for a reload only when the origin to frame changes', () => {
    expect(dashboardHost('http://127.0.0.1:8080/dashboard/index.html')).toBe('127.0.0.1:8080');
    expect(needsReload('', 'https://a.example.org/x')).toBe(true);
    expect(needsReload('https://a.example.org/x', 'https://a.example.org/y')).toBe(false);
    expect(needsReload('https://a.example.org/x', 'http://a.example.org/x')).toBe(true);
    expect(needsReload('https://a.example.org/x', '')).toBe(false);
  });
});
