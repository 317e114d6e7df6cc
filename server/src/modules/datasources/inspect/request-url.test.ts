import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/errors.js';
import { inspectRequestUrl, parseInspectUrl } from './request-url.js';

/** The error a call throws, or undefined. */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('parseInspectUrl', () => {
  it.each([
    'http://127.0.0.1:8642:8643/',
    'http://[::1',
    'http://[fe80::1%25lo]/',
    'http://',
    'http://:80',
    'http://a b/',
    'https://example.org:port/',
    'ftp://example.org/',
    'javascript:alert(1)',
    '',
  ])('answers %j with a 400 on url, not a TypeError', (url) => {
    const error = thrown(() => parseInspectUrl(url));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, body: { url: ['Enter a valid http(s) URL'] } });
    // Every type that has something to fetch reads the URL the same way.
    for (const type of ['wms', 'wmts', '3dtiles', 'geojson', 'arcgis-mapserver', 'cesium-terrain'] as const)
      expect(thrown(() => inspectRequestUrl(type, url))).toBeInstanceOf(HttpError);
  });

  it('reads a URL that is odd but a URL', () => {
    expect(parseInspectUrl('HTTPS://Bücher.Example:8443/wms').href).toBe(
      'https://xn--bcher-kva.example:8443/wms',
    );
    expect(parseInspectUrl('http://[2001:db8::1]/').hostname).toBe('[2001:db8::1]');
  });
});
