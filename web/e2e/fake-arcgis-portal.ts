import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import {
  arcgisServiceJson,
  box,
  geographicImage,
  legendSwatch,
  mapFixtures,
  mercatorTile,
  rectanglesGeojson,
  tileset,
  wmsCapabilities as wmsCapabilitiesXml,
  wmtsCapabilities,
} from './map-service-fixtures';
import { terrainFixture, terrainLayerJson, terrainTileAt } from './terrain-fixture';
import { serveWms111To } from './wms111-fixture';

/** What the fake portal signs in as, and the token its MapServer wants. */
export const portalUser = 'esri_e2e';

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/** The server's inspect fixture: a WMS 1.3.0 GetCapabilities with nested layers. */
const wmsCapabilities = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/src/modules/datasources/inspect/fixtures/wms-1.3.0.xml',
);

/** The colour of the fixture's XYZ tiles (web/e2e/viewer.spec.ts looks for it in the map's pixels). */
export const xyzTileColour = [255, 0, 255] as const;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 256 px PNG of one opaque colour, written with node:zlib. */
export function solidPng([r, g, b]: readonly [number, number, number], size = 256): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A square of about a degree around Amsterdam, for GeoJSON layers. */
const squareGeojson = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Square' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [4.4, 51.9],
            [5.4, 51.9],
            [5.4, 52.9],
            [4.4, 52.9],
            [4.4, 51.9],
          ],
        ],
      },
    },
  ],
};

/**
 * Map services on loopback for the journeys (the app server may fetch this host and
 * port: FETCH_ALLOW_HOSTS). A WMS, and an ArcGIS portal: an authorize page with a Sign In
 * button (authorization code with PKCE, as ArcGIS Online runs it), the token endpoint
 * (which checks the verifier against the challenge), and a secured MapServer.
 */
export function startFakePortal(port: number) {
  const codes = new Map<string, { challenge: string; clientId: string; redirectUri: string }>();
  const tokens = new Set<string>();

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    let body = '';
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    const json = (value: unknown) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(value));
    };

    if (url.pathname === '/portal/sharing/rest/oauth2/authorize') {
      const q = url.searchParams;
      if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
        response.writeHead(400).end('bad request');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>ArcGIS Sign In</title>
<form method="post" action="/portal/sharing/rest/oauth2/approve">
${['client_id', 'redirect_uri', 'state', 'code_challenge']
  .map(
    (name) => `<input type="hidden" name="${name}" value="${(q.get(name) ?? '').replace(/"/g, '&quot;')}">`,
  )
  .join('\n')}
<button type="submit">Sign In</button></form>`);
      return;
    }
    if (url.pathname === '/portal/sharing/rest/oauth2/approve' && request.method === 'POST') {
      const code = base64url(randomBytes(16));
      codes.set(code, {
        challenge: form.get('code_challenge') ?? '',
        clientId: form.get('client_id') ?? '',
        redirectUri: form.get('redirect_uri') ?? '',
      });
      const back = new URL(form.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', form.get('state') ?? '');
      response.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/portal/sharing/rest/oauth2/token' && request.method === 'POST') {
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = base64url(createHash('sha256').update(verifier).digest());
      if (
        !grant ||
        grant.challenge !== challenge ||
        grant.clientId !== form.get('client_id') ||
        grant.redirectUri !== form.get('redirect_uri')
      ) {
        json({ error: { code: 400, error: 'invalid_grant', message: 'Invalid authorization code' } });
        return;
      }
      codes.delete(form.get('code') ?? '');
      const token = base64url(randomBytes(16));
      tokens.add(token);
      json({
        access_token: token,
        expires_in: 7200,
        refresh_token: base64url(randomBytes(16)),
        username: portalUser,
      });
      return;
    }
    if (url.pathname === '/arcgis/rest/services/Parks/MapServer') {
      if (!tokens.has(url.searchParams.get('token') ?? '')) {
        json({ error: { code: 499, message: 'Token Required', details: [] } });
        return;
      }
      json({
        mapName: 'City parks',
        layers: [
          { id: 0, name: 'Parks' },
          { id: 1, name: 'Playgrounds' },
        ],
        fullExtent: { xmin: 4.7, ymin: 52.2, xmax: 5.1, ymax: 52.5, spatialReference: { wkid: 4326 } },
      });
      return;
    }
    // The viewer's layers (browser requests: CORS open): solid tiles and a GeoJSON square.
    if (/^\/xyz\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      // `?colour=rrggbb`: tiles of another colour (two layers told apart, viewer-split.spec.ts).
      const hex = url.searchParams.get('colour')?.match(/^([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
      const colour = hex
        ? ([hex[1], hex[2], hex[3]].map((c) => Number.parseInt(c ?? '0', 16)) as [number, number, number])
        : null;
      const png = solidPng(colour ?? xyzTileColour);
      response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' });
      response.end(png);
      return;
    }
    if (url.pathname === '/data/square.geojson') {
      response.writeHead(200, { 'Content-Type': 'application/geo+json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify(squareGeojson));
      return;
    }
    // A dashboard for the viewer's dashboard panel (viewer-dashboard.spec.ts): a page of another origin, framed.
    // `/dashboard/refusing.html`: the same page, refusing to be framed (a browser still fires the frame's load).
    if (url.pathname === '/dashboard/index.html' || url.pathname === '/dashboard/refusing.html') {
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        ...(url.pathname === '/dashboard/refusing.html' ? { 'X-Frame-Options': 'DENY' } : {}),
      });
      response.end(
        '<!doctype html><title>Harbour dashboard</title><h1>Harbour dashboard</h1><p>Ships in port: 12</p>',
      );
      return;
    }
    if (serveWms111To(url, response)) return;
    if (await serveMapFixture(url, response)) return;
    if (serveHostile(url, response)) return;
    if (url.pathname === '/geoserver/wms' && url.searchParams.get('REQUEST') === 'GetCapabilities') {
      response.writeHead(200, { 'Content-Type': 'text/xml' });
      response.end(fs.readFileSync(wmsCapabilities));
      return;
    }
    response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
  });

  return new Promise<() => Promise<void>>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve(() => new Promise<void>((done) => server.close(() => done()))),
    );
  });
}

/** Answers with CORS open: the browser fetches these itself (the viewer's layers). */
function send(response: http.ServerResponse, type: string, body: string | Uint8Array, status = 200) {
  response.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
  response.end(body);
}

/**
 * The viewer's layer services (web/e2e/map-service-fixtures.ts says what each draws where):
 * WMS 1.3.0, WMTS, an ArcGIS MapServer tile cache, a GeoJSON file, a 3D Tiles 1.1
 * tileset and a terrain (e2e/terrain-fixture.ts). Answers whether the request was one of theirs.
 */
async function serveMapFixture(url: URL, response: http.ServerResponse): Promise<boolean> {
  const pathname = url.pathname;
  if (pathname === '/wms') {
    // Parameter names are case-insensitive in WMS.
    const q = new Map([...url.searchParams].map(([key, value]) => [key.toLowerCase(), value]));
    const request = (q.get('request') ?? '').toLowerCase();
    if (request === 'getcapabilities') {
      send(response, 'text/xml', wmsCapabilitiesXml(`${url.origin}/wms`));
      return true;
    }
    if (request === 'getlegendgraphic') {
      // A swatch in the layer's colour, for the layer it serves only.
      if (q.get('layer') !== mapFixtures.wms.layer) send(response, 'text/plain', 'No such layer', 400);
      else send(response, 'image/png', legendSwatch(mapFixtures.wms.colour));
      return true;
    }
    const width = Number(q.get('width'));
    const height = Number(q.get('height'));
    const numbers = (q.get('bbox') ?? '').split(',').map(Number);
    const crs = (q.get('crs') ?? q.get('srs') ?? '').toUpperCase();
    if (
      (request !== 'getmap' && request !== 'getfeatureinfo') ||
      !(width > 0 && width <= 4096 && height > 0 && height <= 4096) ||
      numbers.length !== 4 ||
      numbers.some((n) => !Number.isFinite(n)) ||
      !['EPSG:4326', 'CRS:84'].includes(crs)
    ) {
      send(response, 'text/plain', 'Unsupported WMS request', 400);
      return true;
    }
    const [a = 0, b = 0, c = 0, d = 0] = numbers;
    // WMS 1.3.0 in EPSG:4326 orders the box latitude first; CRS:84 and 1.1.1 longitude first.
    const latFirst = crs === 'EPSG:4326' && q.get('version') !== '1.1.1';
    const bbox = latFirst ? ([b, a, d, c] as const) : ([a, b, c, d] as const);
    const { extent, colour, layer } = mapFixtures.wms;
    if (request === 'getmap') {
      send(response, 'image/png', geographicImage(width, height, bbox, extent, colour));
      return true;
    }
    const i = Number(q.get('i') ?? q.get('x'));
    const j = Number(q.get('j') ?? q.get('y'));
    const longitude = bbox[0] + ((i + 0.5) / width) * (bbox[2] - bbox[0]);
    const latitude = bbox[3] - ((j + 0.5) / height) * (bbox[3] - bbox[1]);
    const [w, s, e, n] = extent;
    const hit = longitude >= w && longitude <= e && latitude >= s && latitude <= n;
    const features = hit
      ? [{ type: 'Feature', id: `${layer}.1`, properties: { name: 'Yellow block' }, geometry: null }]
      : [];
    if ((q.get('info_format') ?? '').includes('html')) {
      send(response, 'text/html', hit ? '<table><tr><td>Yellow block</td></tr></table>' : '');
    } else {
      send(response, 'application/json', JSON.stringify({ type: 'FeatureCollection', features }));
    }
    return true;
  }
  if (pathname === '/wmts/WMTSCapabilities.xml') {
    send(
      response,
      'text/xml',
      wmtsCapabilities(`${url.origin}/wmts/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png`),
    );
    return true;
  }
  const wmtsTile = /^\/wmts\/GoogleMapsCompatible\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(pathname);
  if (wmtsTile) {
    const [z, row, col] = wmtsTile.slice(1).map(Number) as [number, number, number];
    send(response, 'image/png', mercatorTile(z, col, row, mapFixtures.wmts.extent, mapFixtures.wmts.colour));
    return true;
  }
  if (/^\/arcgis\/rest\/services\/Blocks\/MapServer\/?$/.test(pathname)) {
    send(response, 'application/json', JSON.stringify(arcgisServiceJson()));
    return true;
  }
  if (/^\/arcgis\/rest\/services\/Blocks\/MapServer\/legend$/.test(pathname)) {
    const imageData = legendSwatch(mapFixtures.arcgis.colour).toString('base64');
    const legend = [{ label: 'Purple block', imageData, contentType: 'image/png', width: 20, height: 20 }];
    send(
      response,
      'application/json',
      JSON.stringify({ layers: [{ layerId: 0, layerName: 'Blocks', legend }] }),
    );
    return true;
  }
  // Cesium discards tiles identical to the (0, 0, deepest level) tile: that one is transparent here.
  const arcgisTile = /^\/arcgis\/rest\/services\/Blocks\/MapServer\/tile\/(\d+)\/(\d+)\/(\d+)$/.exec(
    pathname,
  );
  if (arcgisTile) {
    const [z, row, col] = arcgisTile.slice(1).map(Number) as [number, number, number];
    send(
      response,
      'image/png',
      mercatorTile(z, col, row, mapFixtures.arcgis.extent, mapFixtures.arcgis.colour),
    );
    return true;
  }
  if (pathname === '/data/rectangles.geojson') {
    send(response, 'application/geo+json', JSON.stringify(rectanglesGeojson(mapFixtures.geojson.extents)));
    return true;
  }
  if (pathname === '/3dtiles/box/tileset.json') {
    send(response, 'application/json', JSON.stringify(tileset()));
    return true;
  }
  if (pathname === '/3dtiles/box/box.glb') {
    send(response, 'model/gltf-binary', await box());
    return true;
  }
  if (pathname === `${terrainFixture.path}layer.json`) {
    send(response, 'application/json', JSON.stringify(terrainLayerJson()));
    return true;
  }
  const terrain = terrainTileAt(pathname);
  if (terrain) {
    send(response, 'application/octet-stream', terrain);
    return true;
  }
  return false;
}

/**
 * What a hostile tenant's server answers (web/e2e/layer-proxy-safety.spec.ts): a tileset
 * whose folder also holds a page, a script, an SVG with a script and a page labelled as a
 * PNG. Were the proxy to relay them as they are, the script would run on the app's origin
 * and read the visitor's token.
 */
export const hostileScript =
  "document.title = 'ran:' + localStorage.getItem('token'); fetch('/api/users?stolen=1', { headers: { Authorization: 'Token ' + localStorage.getItem('token') } });";
function serveHostile(url: URL, response: http.ServerResponse): boolean {
  const page = '<!doctype html><title>hostile</title><script src="app.js"></script>';
  const answers: Record<string, [string, string]> = {
    '/hostile/tileset.json': ['application/json', JSON.stringify(tileset())],
    '/hostile/page.html': ['text/html', page],
    '/hostile/app.js': ['application/javascript', hostileScript],
    '/hostile/pic.svg': [
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script href="app.js"/></svg>',
    ],
    '/hostile/fake.png': ['image/png', page],
  };
  const answer = answers[url.pathname];
  if (!answer) return false;
  send(response, answer[0], answer[1]);
  return true;
}
