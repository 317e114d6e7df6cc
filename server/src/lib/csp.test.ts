import { describe, expect, it } from 'vitest';
import { isMapPath } from '../web-app.js';
import { contentSecurityPolicy, layerHostOrigins } from './csp.js';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('content security policy', () => {
  it('keeps the strict policy on pages without a map', () => {
    const policy = contentSecurityPolicy(null);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe-eval');
  });

  it("lets the map's pages run Cesium and reach the layer servers", () => {
    const policy = contentSecurityPolicy(null, { layerHosts: ['127.0.0.1:4567', 'maps.intranet'] });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'", 'blob:']);
    const connect = directive(policy, 'connect-src');
    expect(connect).toEqual(
      expect.arrayContaining(["'self'", 'https:', 'http://127.0.0.1:4567', 'https://maps.intranet']),
    );
    expect(directive(policy, 'img-src')).toEqual(expect.arrayContaining(['https:', 'http://maps.intranet']));
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-eval'");
  });

  it("frames the workspace's dashboard origin on its map pages, and nothing more", () => {
    const withDashboard = contentSecurityPolicy(null, {
      layerHosts: [],
      dashboard: 'https://dashboard.example.com',
    });
    expect(directive(withDashboard, 'frame-src')).toEqual(["'self'", 'https://dashboard.example.com']);
    // Frames stay 'self' (by default-src) without a dashboard, and on every other page.
    expect(contentSecurityPolicy(null, { layerHosts: [] })).not.toContain('frame-src');
    expect(contentSecurityPolicy(null)).not.toContain('frame-src');
    expect(directive(withDashboard, 'default-src')).toEqual(["'self'"]);
  });

  it('puts only a plain http(s) origin into frame-src', () => {
    expect(
      directive(
        contentSecurityPolicy(null, { layerHosts: [], dashboard: 'https://BI.example.com:8443/x?y' }),
        'frame-src',
      ),
    ).toEqual(["'self'", 'https://bi.example.com:8443']);
    for (const dashboard of [
      "https://x.example.org'; script-src *",
      'javascript:alert(1)',
      'data:text/html,x',
      '*',
    ])
      expect(contentSecurityPolicy(null, { layerHosts: [], dashboard }), dashboard).not.toContain(
        'frame-src',
      );
  });

  it('turns FETCH_ALLOW_HOSTS entries into origins and skips what is no host', () => {
    expect(layerHostOrigins(['a.example:8080', ' b ', 'x; script-src *', ''])).toEqual([
      'http://a.example:8080',
      'https://a.example:8080',
      'http://b',
      'https://b',
    ]);
  });

  it('knows the map routes', () => {
    expect(isMapPath('/workspace/view/3')).toBe(true);
    expect(isMapPath('/workspace/share/3/abc')).toBe(true);
    expect(isMapPath('/workspace/3')).toBe(true);
    expect(isMapPath('/workspace/create')).toBe(false);
    expect(isMapPath('/workspace/view/')).toBe(false);
    expect(isMapPath('/accounts')).toBe(false);
  });
});
