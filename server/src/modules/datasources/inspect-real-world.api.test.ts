import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildActiveUser, loginToken } from '../../test/factories.js';
import type { MailServer } from '../../test/mail-server.js';

const fixtures = path.join(import.meta.dirname, 'inspect', 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

/** The fixture's WMS naming `count` CRS of its own, with the well-known ones after them all. */
function manyCrsCapabilities(count: number): string {
  const own = Array.from({ length: count }, (_, i) => `<CRS>EPSG:${10_000 + i}</CRS>`).join('\n');
  const wellKnown = ['EPSG:4326', 'EPSG:3857', 'CRS:84', 'EPSG:900913'].map((c) => `<CRS>${c}</CRS>`);
  return fixture('wms-1.3.0.xml')
    .toString('utf8')
    .replace(/(<CRS>[^<]*<\/CRS>\s*)+/, `${own}\n${wellKnown.join('\n')}\n`);
}

/** The Latin-1 fixture without its declaration: only the HTTP header says how it is written. */
const latin1Undeclared = Buffer.concat([
  Buffer.from('<?xml version="1.0"?>\n'),
  fixture('wms-1.1.1-latin1.xml').subarray(fixture('wms-1.1.1-latin1.xml').indexOf('<!DOCTYPE')),
]);

/** Capabilities documents as real servers send them, on loopback: path → [Content-Type, body]. */
const answers: Record<string, [string, Buffer | string]> = {
  '/bom/wms': ['text/xml', fixture('wms-1.3.0-bom.xml')],
  '/utf16le/wms': ['text/xml', fixture('wms-1.3.0-utf16le.xml')],
  '/utf16be/wms': ['text/xml', fixture('wms-1.3.0-utf16be.xml')],
  // A framework's default charset in front of a document that declares, and is in, ISO-8859-1.
  '/latin1/wms': ['application/vnd.ogc.wms_xml; charset=UTF-8', fixture('wms-1.1.1-latin1.xml')],
  '/latin1-undeclared/wms': ['text/xml; charset=ISO-8859-1', latin1Undeclared],
  '/klingon/wms': ['text/xml', '<?xml version="1.0" encoding="x-klingon"?><WMS_Capabilities/>'],
  '/geoserver-crs/wms': ['text/xml', manyCrsCapabilities(6_769)],
  '/many-crs/wms': ['text/xml', manyCrsCapabilities(12_000)],
  '/two-sets/wmts': ['application/xml', fixture('wmts-two-sets.xml')],
  '/xxe/wms': ['text/xml', fixture('wms-entities-xxe.xml')],
  '/laughs/wms': ['text/xml', fixture('wms-entities-laughs.xml')],
  '/deep/wms': ['text/xml', fixture('wms-deep-nesting.xml')],
  '/arcgis/rest/services/Cadastro/MapServer': ['application/json', fixture('arcgis-mapserver-29193.json')],
  '/arcgis/rest/services/Drenagem/MapServer': ['application/json', fixture('arcgis-mapserver-wkt.json')],
};

describe('inspecting services as they come', () => {
  let t: TestApp;
  let mail: MailServer;
  let service: http.Server;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    service = http.createServer((request, response) => {
      const answer = answers[new URL(request.url ?? '/', 'http://fixture').pathname];
      response.writeHead(answer ? 200 : 404, { 'Content-Type': answer?.[0] ?? 'text/plain' });
      response.end(answer?.[1] ?? 'not found');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    ({ t, mail } = await startApiTest({ FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` }));
    token = await loginToken(t, await buildActiveUser(t, mail));
  });
  afterAll(async () => {
    await stopApiTest(t, mail);
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  /** Type 1 is WMS, 2 WMTS, 6 ArcGIS MapServer. */
  const inspect = (type: number, route: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/datasources/inspect',
      headers: auth(token),
      payload: { type, config: { url: `${origin}${route}` } },
    });

  it('reads a document with a byte-order mark, and keeps formats with parameters whole', async () => {
    const res = await inspect(1, '/bom/wms');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.title).toBe('Rivermouth Geodata – Küstenschutz');
    expect(body.layers).toEqual([
      { name: 'kueste:deiche', title: 'Deiche und Sperrwerke' },
      { name: 'kueste:ueberflutung', title: 'Überflutungsgebiete (HQ100)' },
    ]);
    expect(body.details.formats).toEqual([
      'image/png',
      'application/atom xml',
      'application/json;type=utfgrid',
      'application/pdf',
      'application/rss xml',
      'application/vnd.google-earth.kml xml',
      'application/vnd.google-earth.kml+xml;mode=networklink',
      'image/geotiff',
      'image/jpeg',
      'image/png; mode=8bit',
      'image/svg+xml',
      'image/vnd.jpeg-png8',
      'text/html; subtype=openlayers',
    ]);
    expect(body.details.crs).toEqual(['AUTO:42001', 'EPSG:4326', 'EPSG:3857', 'EPSG:25832']);
  });

  it('reads UTF-16, little-endian with its byte-order mark and big-endian without', async () => {
    const expected = (await inspect(1, '/bom/wms')).json();
    for (const route of ['/utf16le/wms', '/utf16be/wms']) {
      const res = await inspect(1, route);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
      expect(res.json(), route).toEqual(expected);
    }
  });

  it('reads ISO-8859-1 as the document declares, or as the header says when it does not', async () => {
    for (const route of ['/latin1/wms', '/latin1-undeclared/wms']) {
      const res = await inspect(1, route);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.title, route).toBe("Cartes de la Région Côte-d'Émeraude");
      expect(body.layers.map((layer: { title: string }) => layer.title)).toEqual([
        "Cartes de la Région Côte-d'Émeraude",
        "Réseau hydrographique - cours d'eau",
        'Forêts domaniales',
        'Réseau routier (Straße, São Paulo, Ærø)',
      ]);
      expect(body.details).toMatchObject({
        version: '1.1.1',
        abstract: 'Données géographiques de référence : hydrographie, forêts, réseau routier.',
        formats: ['image/png', 'image/png; mode=8bit', 'image/jpeg', 'application/x-pdf'],
        // WMS 1.1.1 lets one <SRS> name several.
        crs: ['EPSG:2154', 'EPSG:4326', 'EPSG:3857', 'EPSG:4171'],
      });
      expect(res.body).not.toContain('\ufffd');
    }
  });

  it('says which encoding it cannot read', async () => {
    const res = await inspect(1, '/klingon/wms');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ url: ['The document\'s encoding "x-klingon" is not supported.'] });
  });

  it('keeps a GeoServer’s thousands of CRS whole, and a longer list cut but with the well-known ones, saying so', async () => {
    const geoserver = (await inspect(1, '/geoserver-crs/wms')).json();
    expect(geoserver.details.crs).toHaveLength(6_773);
    expect(geoserver.details.crs.slice(-4)).toEqual(['EPSG:4326', 'EPSG:3857', 'CRS:84', 'EPSG:900913']);
    expect(geoserver.details).not.toHaveProperty('crsTruncated');

    const many = (await inspect(1, '/many-crs/wms')).json();
    expect(many.details.crs).toHaveLength(10_000);
    expect(many.details.crs.slice(0, 2)).toEqual(['EPSG:10000', 'EPSG:10001']);
    expect(many.details.crs.slice(-4)).toEqual(['EPSG:4326', 'EPSG:3857', 'CRS:84', 'EPSG:900913']);
    expect(many.details).toMatchObject({ crsCount: 12_004, crsTruncated: true });
  });

  it('keeps every tile matrix set a WMTS layer links, in separate links or in one', async () => {
    const res = await inspect(2, '/two-sets/wmts');
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().details.layerOptions as { name: string; tileMatrixSets: string[] }[];
    expect(options.map(({ name, tileMatrixSets }) => ({ name, tileMatrixSets }))).toEqual([
      { name: 'topo', tileMatrixSets: ['EPSG:25833', 'EPSG:3857', 'EPSG:4326'] },
      { name: 'relief', tileMatrixSets: ['EPSG:25833', 'EPSG:3857'] },
    ]);
  });

  it('refuses entities and deep nesting, saying which', async () => {
    for (const route of ['/xxe/wms', '/laughs/wms']) {
      const res = await inspect(1, route);
      expect(res.statusCode, route).toBe(400);
      expect(res.json(), route).toEqual({ url: ['The document declares entities, which are not accepted.'] });
    }
    const deep = await inspect(1, '/deep/wms');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ url: ['The document is nested too deeply (more than 100 levels).'] });
  });

  it('converts an ArcGIS MapServer’s projected extent to degrees, from its WKID or its WKT', async () => {
    const byWkid = await inspect(6, '/arcgis/rest/services/Cadastro/MapServer');
    expect(byWkid.statusCode, byWkid.body).toBe(200);
    const cadastro = byWkid.json();
    expect(cadastro.title).toBe('Cadastro Municipal – São Paulo');
    expect(cadastro.details.spatialReference).toBe(29193);
    // The city of São Paulo, in SAD69 / UTM zone 23S.
    const expected = [-46.839, -24.019, -46.36, -23.355];
    cadastro.extent.forEach((value: number, i: number) => {
      expect(value).toBeCloseTo(expected[i] as number, 2);
    });

    const byWkt = await inspect(6, '/arcgis/rest/services/Drenagem/MapServer');
    expect(byWkt.statusCode, byWkt.body).toBe(200);
    const drenagem = byWkt.json();
    expect(drenagem.details.spatialReference).toBeNull();
    [-46.794, -23.771, -46.255, -23.364].forEach((value, i) => {
      expect(drenagem.extent[i]).toBeCloseTo(value, 2);
    });
  });
});
