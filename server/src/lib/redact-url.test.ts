import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it.each([
    // Share links: the API's ?token= and the page's path.
    ['/api/workspaces/7?token=s3cret', '/api/workspaces/7?token=[redacted]'],
    ['/api/layers?token=s3cret&page=2', '/api/layers?token=[redacted]&page=2'],
    ['/api/layers/sources/?workspace=7&token=s3cret', '/api/layers/sources/?workspace=7&token=[redacted]'],
    ['/workspace/share/7/s3cret', '/workspace/share/7/[redacted]'],
    ['/workspace/share/7/s3cret?view=2', '/workspace/share/7/[redacted]?view=2'],
    // The layer proxy's signed grants.
    ['/api/layers/3/features?capability=c4p', '/api/layers/3/features?capability=[redacted]'],
    [
      '/api/layers/3/proxy/c4p/wms?SERVICE=WMS&BBOX=1,2,3,4',
      '/api/layers/3/proxy/[redacted]/wms?SERVICE=WMS&BBOX=1,2,3,4',
    ],
    ['/api/layers/3/proxy/c4p/12/2048/1360.png', '/api/layers/3/proxy/[redacted]/12/2048/1360.png'],
    // The e-mailed links, uid and token alike.
    ['/activation/MQ/s3cret', '/activation/[redacted]/[redacted]'],
    ['/password-reset/MQ/s3cret', '/password-reset/[redacted]/[redacted]'],
    ['/api/activate/MQ/s3cret/', '/api/activate/[redacted]/[redacted]/'],
    // ArcGIS's authorization code, back at the pop-up's page.
    ['/esri-oauth-callback?code=c0de&state=xyz', '/esri-oauth-callback?code=[redacted]&state=xyz'],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    // Spellings the router or the web app's routes would still read the same way.
    ['/api/workspaces/7?Token=s3cret', '/api/workspaces/7?Token=[redacted]'],
    ['/api/workspaces/7?tok%65n=s3cret', '/api/workspaces/7?tok%65n=[redacted]'],
    ['/api/workspaces/7?token=a&token=s3cret', '/api/workspaces/7?token=[redacted]&token=[redacted]'],
    ['/api/workspaces/7?token=', '/api/workspaces/7?token=[redacted]'],
    ['//workspace//share/7/s3cret', '//workspace//share/7/[redacted]'],
    ['/Workspace/SHARE/7/s3cret', '/Workspace/SHARE/7/[redacted]'],
    ['/workspace/%73hare/7/s3cret', '/workspace/%73hare/7/[redacted]'],
    ['//api//activate//MQ//s3cret//', '//api//activate//[redacted]//[redacted]//'],
    [
      'http://example.org/workspace/share/7/s3cret?token=t',
      'http://example.org/workspace/share/7/[redacted]?token=[redacted]',
    ],
  ])('redacts %s as the router reads it', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/',
    '/api/workspaces/7',
    '/api/workspaces/7?account=2&page=3',
    '/workspace/share/7',
    '/workspace/view/7?view=2',
    '/api/layers/3/features',
    '/api/datasources?search=token',
    '/api/workspaces/7?tokens=1&x=token',
    '/activation',
    '?',
    '',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('never throws, whatever the client sent', () => {
    for (const url of [
      '/%',
      '/%E0%A4%A',
      '/workspace/share/%/%',
      '/?%=%&token=%',
      '/\u0000?token=\u0000',
      '?'.repeat(10),
    ])
      expect(() => redactUrl(url)).not.toThrow();
    expect(redactUrl('/workspace/share/%/%zz')).toBe('/workspace/share/%/[redacted]');
  });
});
