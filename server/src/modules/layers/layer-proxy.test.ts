import { wmsRequestKeys } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { proxiedUrl, upstreamRequest } from './layer-proxy.js';
import { createCapabilities } from './proxy-capability.js';

describe('the layer proxy’s addresses', () => {
  it('gives the browser an address ending like the source’s', () => {
    expect(proxiedUrl(5, 'cap', 'https://maps.example.org/geoserver/wms?map=a')).toBe(
      '/api/layers/5/proxy/cap/wms',
    );
    expect(proxiedUrl(5, 'cap', 'https://x.example.org/arcgis/rest/services/P/MapServer')).toBe(
      '/api/layers/5/proxy/cap/MapServer',
    );
  });

  it('maps requests under the source, with its query and the credentials last', () => {
    const wms = upstreamRequest(
      'https://maps.example.org/geoserver/wms?map=a',
      'wms',
      'service=WMS&token=mine',
      {
        basic: { username: 'ops', password: 's3cret' },
      },
    );
    expect(wms.url).toBe('https://maps.example.org/geoserver/wms?map=a&service=WMS');
    expect(wms.headers.Authorization).toBe(`Basic ${Buffer.from('ops:s3cret').toString('base64')}`);
    const tile = upstreamRequest(
      'https://x.example.org/arcgis/rest/services/P/MapServer',
      'MapServer/tile/3/2/1',
      'token=fake',
      {
        token: 'real',
      },
    );
    expect(tile.url).toBe('https://x.example.org/arcgis/rest/services/P/MapServer/tile/3/2/1?token=real');
    const content = upstreamRequest('https://t.example.org/city/tileset.json', 'tiles/0.glb', '', {
      wholeFolder: true,
    });
    expect(content.url).toBe('https://t.example.org/city/tiles/0.glb');
  });

  it('lets the map set a WMS request’s own keys when the source’s address is a GetCapabilities one', () => {
    const source = 'https://maps.example.org/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.1.1&map=a';
    const getMap = upstreamRequest(
      source,
      'wms',
      'service=WMS&request=GetMap&version=1.1.1&layers=parcels&srs=EPSG:4326&bbox=0,45,45,90&map=b',
      { basic: { username: 'ops', password: 's3cret' }, requestKeys: wmsRequestKeys },
    );
    expect(getMap.url).toBe(
      'https://maps.example.org/wms?map=a&service=WMS&request=GetMap&version=1.1.1&layers=parcels&srs=EPSG%3A4326&bbox=0%2C45%2C45%2C90',
    );
    // Without the map's keys (any other kind) the source's address stays fixed, as before.
    const fixed = upstreamRequest(source, 'wms', 'request=GetMap', {});
    expect(fixed.url).toBe(
      'https://maps.example.org/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.1.1&map=a',
    );
  });

  it('keeps a tile template’s placeholders for the map, and serves anything below its fixed folder', () => {
    expect(proxiedUrl(7, 'cap', 'https://{s}.tiles.example.org/base/{z}/{x}/{y}.png?style=dark')).toBe(
      '/api/layers/7/proxy/cap/{z}/{x}/{y}.png',
    );
    expect(
      proxiedUrl(
        7,
        'cap',
        'https://wmts.example.org/rest/roads/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png',
      ),
    ).toBe('/api/layers/7/proxy/cap/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png');
    const tile = upstreamRequest(
      'https://{s}.tiles.example.org/base/{z}/{x}/{y}.png?style=dark&v={v}',
      '3/2/1.png',
      'key=mine&style=x',
      { apiKey: { parameter: 'key', value: 'k3y' }, subdomains: ['b', 'c'] },
    );
    // The source fixes `style`: the browser's cannot repeat it; `v` was a placeholder, so it may be given.
    expect(tile.url).toBe('https://b.tiles.example.org/base/3/2/1.png?style=dark&key=k3y');
    expect(() => upstreamRequest('https://tiles.example.org/base/{z}/{x}/{y}.png', '../x', '', {})).toThrow();
  });

  it('adds an API key under its parameter, which the browser cannot set', () => {
    const tileset = upstreamRequest(
      'https://t.example.org/city/tileset.json',
      'tileset.json',
      'api_key=x&v=2',
      {
        wholeFolder: true,
        apiKey: { parameter: 'api_key', value: 'real' },
      },
    );
    expect(tileset.url).toBe('https://t.example.org/city/tileset.json?v=2&api_key=real');
  });

  it('refuses anything outside the source', () => {
    const source = 'https://maps.example.org/geoserver/wms';
    for (const rest of [
      'other',
      '../admin',
      'wms/../../etc',
      'wms/%2e%2e/x',
      'wms\\..\\x',
      '',
      '//evil.example.org/x',
    ])
      expect(() => upstreamRequest(source, rest, '', {}), rest).toThrow();
    expect(() =>
      upstreamRequest('https://t.example.org/city/tileset.json', '../x.glb', '', { wholeFolder: true }),
    ).toThrow();
    expect(() => upstreamRequest('not a url', 'x', '', {})).toThrow();
  });
});

describe('proxy capabilities', () => {
  it('verifies its own, for its layer, until they expire', () => {
    let now = 1_700_000_000_000;
    const capabilities = createCapabilities('a'.repeat(32), () => now);
    const issued = capabilities.issue(7, { share: 'tok' });
    expect(capabilities.verify(issued, 7)).toMatchObject({ layer: 7, subject: { share: 'tok' } });
    const session = capabilities.issue(7, { user: 3, session: 41 });
    expect(capabilities.verify(session, 7)).toMatchObject({ subject: { user: 3, session: 41 } });
    expect(capabilities.verify(issued, 8)).toBeNull();
    expect(createCapabilities('b'.repeat(32), () => now).verify(issued, 7)).toBeNull();
    // Sealed, not signed: nothing in it can be read, nor changed without the key.
    const [version, iv, tag, data] = issued.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(data ?? '', 'base64url').toString('latin1')).not.toContain('tok');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(capabilities.verify([version, iv, tag, flipped.toString('base64url')].join('.'), 7)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ layer: 7, subject: { user: 1 }, expires: 9e9 })).toString(
      'base64url',
    );
    expect(capabilities.verify(`${forged}.${tag}`, 7)).toBeNull();
    expect(capabilities.verify(`${issued}.x`, 7)).toBeNull();
    expect(capabilities.verify('garbage', 7)).toBeNull();
    now += 13 * 60 * 60 * 1000;
    expect(capabilities.verify(issued, 7)).toBeNull();
  });
});
