import { describe, expect, it } from 'vitest';
import { matchesSignature, passedMediaType, proxiedAnswerHeaders, withoutSecrets } from './proxy-answer.js';

describe('what the layer proxy passes', () => {
  it('passes only the media types each kind of layer needs', () => {
    expect(passedMediaType('xyz', 'image/png', '')).toBe('image/png');
    expect(passedMediaType('xyz', 'IMAGE/JPEG; charset=binary', '')).toBe('image/jpeg');
    // ArcGIS servers say image/jpg: answered under the standard name.
    expect(passedMediaType('arcgis-mapserver', 'image/jpg', '')).toBe('image/jpeg');
    expect(passedMediaType('wms', 'application/vnd.ogc.se_xml', 'REQUEST=GetMap')).toBe(
      'application/vnd.ogc.se_xml',
    );
    expect(passedMediaType('3dtiles', 'model/gltf-binary', '')).toBe('model/gltf-binary');
    expect(
      passedMediaType('cesium-terrain', 'application/vnd.quantized-mesh;extensions=octvertexnormals', ''),
    ).toBe('application/vnd.quantized-mesh');
    for (const type of [
      'text/html',
      'application/xhtml+xml',
      'application/javascript',
      'text/javascript',
      'image/svg+xml',
      'text/css',
      'application/pdf',
      'multipart/x-mixed-replace',
    ])
      for (const kind of [
        'xyz',
        'wms',
        'wmts',
        'arcgis-mapserver',
        'arcgis-featureserver',
        '3dtiles',
        'cesium-terrain',
      ])
        expect(passedMediaType(kind, type, 'REQUEST=GetMap'), `${kind} ${type}`).toBeUndefined();
    expect(passedMediaType('unknown', 'image/png', '')).toBeUndefined();
    // No type: opaque bytes for tiles and meshes, nothing for imagery.
    expect(passedMediaType('3dtiles', undefined, '')).toBe('application/octet-stream');
    expect(passedMediaType('xyz', '', '')).toBeUndefined();
  });

  it('passes a WMS feature info page only for GetFeatureInfo', () => {
    expect(passedMediaType('wms', 'text/html', 'service=WMS&request=getfeatureinfo')).toBe('text/html');
    expect(passedMediaType('wms', 'text/html', 'REQUEST=GetMap')).toBeUndefined();
    expect(passedMediaType('wmts', 'text/html', 'REQUEST=GetFeatureInfo')).toBeUndefined();
  });

  it('makes every answer inert, and only images displayable', () => {
    expect(proxiedAnswerHeaders('image/png', 'image/png')).toEqual({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(proxiedAnswerHeaders('text/xml', 'text/xml; charset=ISO-8859-1')).toMatchObject({
      'content-type': 'text/xml; charset=ISO-8859-1',
      'content-disposition': 'attachment',
    });
    // A charset cannot smuggle anything into the header.
    expect(proxiedAnswerHeaders('text/xml', 'text/xml; charset="a\r\nx: y"')['content-type']).toBe(
      'text/xml',
    );
  });

  it('checks an image by its first bytes', () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    expect(matchesSignature('image/png', png)).toBe(true);
    expect(matchesSignature('image/png', Buffer.from('<html><script>'))).toBe(false);
    expect(matchesSignature('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(matchesSignature('image/gif', Buffer.from('GIF89a'))).toBe(true);
    expect(matchesSignature('image/webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(matchesSignature('image/webp', Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBe(false);
    expect(matchesSignature('application/json', Buffer.from('{}'))).toBe(true);
  });

  it('removes credentials as written and as encoded in a query', () => {
    expect(withoutSecrets('url?token=a%2Fb%2Bc%3D&x=a/b+c=', ['a/b+c='])).toBe(
      'url?token=[redacted]&x=[redacted]',
    );
    expect(withoutSecrets('{"token":"s3cret-token"}', ['s3cret-token'])).toBe('{"token":"[redacted]"}');
    // Too short to replace without mangling the text.
    expect(withoutSecrets('abc', ['ab'])).toBe('abc');
  });
});
