import { describe, expect, it } from 'vitest';
import { frameAncestorsLists, framingVerdict, xFrameOptionsRefuses } from './frame-policy.js';

const site = 'https://maps.example.nl';
const verdict = (
  headers: { xfo?: string[]; csp?: string[]; url?: string },
  ancestor = site,
): ReturnType<typeof framingVerdict> =>
  framingVerdict(
    {
      url: headers.url ?? 'https://bi.example.com/report/1',
      xFrameOptions: headers.xfo ?? [],
      contentSecurityPolicy: headers.csp ?? [],
    },
    ancestor,
  );
const refusedBy = (reason: string) => ({ frameable: false, reason });
const allowed = { frameable: true };

describe('X-Frame-Options', () => {
  it('refuses another origin with DENY or SAMEORIGIN, whatever the case and spaces', () => {
    expect(xFrameOptionsRefuses(['DENY'])).toBe(true);
    expect(xFrameOptionsRefuses([' sameorigin '])).toBe(true);
    expect(xFrameOptionsRefuses(['deny, DENY'])).toBe(true);
    expect(xFrameOptionsRefuses(['SAMEORIGIN', 'SAMEORIGIN'])).toBe(true);
  });

  it('refuses conflicting values that include a known one, and ignores values browsers do not know', () => {
    expect(xFrameOptionsRefuses(['DENY, ALLOWALL'])).toBe(true);
    expect(xFrameOptionsRefuses(['ALLOW-FROM https://maps.example.nl'])).toBe(false);
    expect(xFrameOptionsRefuses(['foo, bar'])).toBe(false);
    expect(xFrameOptionsRefuses(['ALLOWALL'])).toBe(false);
    expect(xFrameOptionsRefuses([])).toBe(false);
  });
});

describe('frame-ancestors source lists', () => {
  it('takes the directive from every policy, comma-separated or sent twice, only the first of a name in each', () => {
    expect(
      frameAncestorsLists([
        "default-src 'self'; FRAME-ANCESTORS https://a.example  'self' ; frame-ancestors *",
        "script-src 'none', frame-ancestors 'none'",
      ]),
    ).toEqual([['https://a.example', "'self'"], ["'none'"]]);
    expect(frameAncestorsLists(["default-src 'self'; img-src *"])).toEqual([]);
    expect(frameAncestorsLists(['frame-ancestors;'])).toEqual([[]]);
  });
});

describe('framingVerdict', () => {
  it('admits a page without either header', () => {
    expect(verdict({})).toEqual(allowed);
  });

  it('follows X-Frame-Options when no policy has frame-ancestors', () => {
    expect(verdict({ xfo: ['DENY'] })).toEqual(refusedBy('x-frame-options'));
    expect(verdict({ xfo: ['SAMEORIGIN'], csp: ["default-src 'self'"] })).toEqual(
      refusedBy('x-frame-options'),
    );
  });

  it('obeys frame-ancestors instead of X-Frame-Options when present', () => {
    expect(verdict({ xfo: ['DENY'], csp: [`frame-ancestors ${site}`] })).toEqual(allowed);
    expect(verdict({ csp: ["frame-ancestors 'none'"] })).toEqual(refusedBy('frame-ancestors'));
    expect(verdict({ csp: ['frame-ancestors'] })).toEqual(refusedBy('frame-ancestors'));
  });

  it("admits this site by *, its scheme, its exact origin or a host wildcard; 'self' is the dashboard's", () => {
    for (const sources of [
      '*',
      'https:',
      'http:',
      site,
      'maps.example.nl',
      '*.example.nl',
      'https://*.example.nl:443',
      'https://maps.example.nl:*',
      'http://maps.example.nl',
      'https://maps.example.nl/some/path',
      "'self' https://other.example https://MAPS.example.nl",
    ])
      expect(verdict({ csp: [`frame-ancestors ${sources}`] }), sources).toEqual(allowed);
    for (const sources of [
      "'self'",
      "'none'",
      'ftp:',
      'https://other.example',
      '*.maps.example.nl',
      'https://maps.example.nl:8443',
      'wss://maps.example.nl',
      "'unsafe-inline'",
      'maps.example.nl.evil.example',
      'not a source',
    ])
      expect(verdict({ csp: [`frame-ancestors ${sources}`] }), sources).toEqual(refusedBy('frame-ancestors'));
  });

  it('gives a host without a scheme the scheme of the dashboard, an http one admitting https too', () => {
    expect(verdict({ url: 'http://bi.example.com/', csp: ['frame-ancestors maps.example.nl'] })).toEqual(
      allowed,
    );
    expect(verdict({ csp: ['frame-ancestors maps.example.nl:8080'] }, 'http://maps.example.nl:8080')).toEqual(
      refusedBy('frame-ancestors'),
    );
    expect(
      verdict(
        { url: 'http://bi.example.com/', csp: ['frame-ancestors maps.example.nl:8080'] },
        'http://maps.example.nl:8080',
      ),
    ).toEqual(allowed);
  });

  it('refuses when any one of several policies refuses', () => {
    expect(verdict({ csp: [`frame-ancestors ${site}`, "frame-ancestors 'self'"] })).toEqual(
      refusedBy('frame-ancestors'),
    );
    expect(verdict({ csp: [`frame-ancestors *, frame-ancestors ${site}`] })).toEqual(allowed);
  });

  it("admits a dashboard's 'self' only for its own origin", () => {
    expect(
      verdict({ url: 'https://bi.example.com/x', csp: ["frame-ancestors 'self'"] }, 'https://bi.example.com'),
    ).toEqual(allowed);
  });
});
