import type http from 'node:http';
import { type Extent, geographicImage, legendSwatch, type Rgb } from './map-service-fixtures';

/**
 * A WMS that speaks 1.1.1 only, as older MapServer and GeoServer installs do (issue 25
 * §10): its capabilities are a `WMT_MS_Capabilities` document (whatever version was
 * asked), and it answers GetMap and GetFeatureInfo only when asked in 1.1.1 with
 * `SRS=EPSG:4326` and a BBOX of longitude, latitude. Any other request (a `CRS`, a 1.3.0
 * version, a box latitude first) gets a ServiceException, as a real one would.
 */
export const wms111 = {
  path: '/wms111',
  layer: 'parcels',
  title: 'Green parcels',
  /** Where the parcels are drawn: inside the default camera's view (5.3° E 52.1° N from 350 km). */
  extent: [4.4, 51.7, 5.6, 52.5] as Extent,
  colour: [0, 255, 0] as Rgb,
};

/** The 1.1.1 capabilities document, with the DOCTYPE such documents carry. */
export function wms111Capabilities(url: string): string {
  const [w, s, e, n] = wms111.extent;
  const online = `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${url}?"/>`;
  const get = `<DCPType><HTTP><Get>${online}</Get></HTTP></DCPType>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE WMT_MS_Capabilities SYSTEM "http://schemas.opengis.net/wms/1.1.1/WMS_MS_Capabilities.dtd">
<WMT_MS_Capabilities version="1.1.1">
  <Service><Name>OGC:WMS</Name><Title>County parcels (WMS 1.1.1)</Title>${online}</Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>application/vnd.ogc.wms_xml</Format>${get}</GetCapabilities>
      <GetMap><Format>image/png</Format><Format>image/png; mode=8bit</Format>${get}</GetMap>
      <GetFeatureInfo><Format>application/json</Format><Format>text/html</Format>${get}</GetFeatureInfo>
    </Request>
    <Exception><Format>application/vnd.ogc.se_xml</Format></Exception>
    <Layer>
      <Title>County</Title>
      <SRS>EPSG:4326</SRS>
      <LatLonBoundingBox minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>
      <Layer queryable="1">
        <Name>${wms111.layer}</Name><Title>${wms111.title}</Title>
        <SRS>EPSG:4326</SRS>
        <LatLonBoundingBox minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>
        <BoundingBox SRS="EPSG:4326" minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>
      </Layer>
    </Layer>
  </Capability>
</WMT_MS_Capabilities>`;
}

/** A 1.1.1 ServiceException report: what such a server answers a request it cannot serve. */
const serviceException = (message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<ServiceExceptionReport version="1.1.1"><ServiceException>${message}</ServiceException></ServiceExceptionReport>`;

/** What is wrong with a GetMap or GetFeatureInfo request for a 1.1.1 server, or undefined. */
function fault(q: Map<string, string>): string | undefined {
  if (q.get('version') !== '1.1.1') return `Unsupported version ${q.get('version') ?? '(none)'}`;
  if (q.has('crs')) return 'CRS is a WMS 1.3.0 parameter: this server speaks 1.1.1 (SRS)';
  if ((q.get('srs') ?? '').toUpperCase() !== 'EPSG:4326') return 'Unsupported SRS: EPSG:4326 only';
  const box = (q.get('bbox') ?? '').split(',').map(Number);
  const [minx = 0, miny = 0, maxx = 0, maxy = 0] = box;
  if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) return 'BBOX needs four numbers';
  // In 1.1.1 the box is longitude first, always: a latitude-first box falls outside these.
  if (!(minx >= -180 && maxx <= 180 && miny >= -90 && maxy <= 90 && minx < maxx && miny < maxy))
    return `BBOX ${q.get('bbox')} is not minx,miny,maxx,maxy in longitude, latitude`;
  const width = Number(q.get('width'));
  const height = Number(q.get('height'));
  if (!(width > 0 && width <= 4096 && height > 0 && height <= 4096)) return 'Bad WIDTH or HEIGHT';
  return undefined;
}

/**
 * Answers a request under `wms111.path` (answers whether it was one): the capabilities,
 * a legend swatch, GetMap (green inside the extent, transparent outside) and GetFeatureInfo
 * at the pixel X, Y (1.1.1's names: 1.3.0's I, J are refused).
 */
export function serveWms111(
  url: URL,
  send: (type: string, body: string | Uint8Array, status?: number) => void,
): boolean {
  if (url.pathname !== wms111.path) return false;
  // Parameter names are case-insensitive in WMS.
  const q = new Map([...url.searchParams].map(([key, value]) => [key.toLowerCase(), value]));
  const request = (q.get('request') ?? '').toLowerCase();
  const refuse = (message: string) => send('application/vnd.ogc.se_xml', serviceException(message), 400);
  if (request === 'getcapabilities') {
    send('application/vnd.ogc.wms_xml', wms111Capabilities(`${url.origin}${wms111.path}`));
    return true;
  }
  if (request === 'getlegendgraphic') {
    if (q.get('layer') !== wms111.layer) refuse('No such layer');
    else send('image/png', legendSwatch(wms111.colour));
    return true;
  }
  if (request !== 'getmap' && request !== 'getfeatureinfo') {
    refuse(`Unknown request ${q.get('request') ?? '(none)'}`);
    return true;
  }
  const wrong = fault(q);
  if (wrong) {
    refuse(wrong);
    return true;
  }
  const width = Number(q.get('width'));
  const height = Number(q.get('height'));
  const [west = 0, south = 0, east = 0, north = 0] = (q.get('bbox') ?? '').split(',').map(Number);
  const bbox: Extent = [west, south, east, north];
  if (request === 'getmap') {
    send('image/png', geographicImage(width, height, bbox, wms111.extent, wms111.colour));
    return true;
  }
  if (!q.has('x') || !q.has('y') || q.has('i') || q.has('j')) {
    refuse('GetFeatureInfo in 1.1.1 takes X and Y');
    return true;
  }
  const x = Number(q.get('x'));
  const y = Number(q.get('y'));
  const longitude = west + ((x + 0.5) / width) * (east - west);
  const latitude = north - ((y + 0.5) / height) * (north - south);
  const [w, s, e, n] = wms111.extent;
  const hit = longitude >= w && longitude <= e && latitude >= s && latitude <= n;
  const features = hit
    ? [{ type: 'Feature', id: `${wms111.layer}.7`, properties: { parcel: 'Parcel 7' }, geometry: null }]
    : [];
  if ((q.get('info_format') ?? '').includes('html'))
    send('text/html', hit ? '<table><tr><th>parcel</th><td>Parcel 7</td></tr></table>' : '');
  else send('application/json', JSON.stringify({ type: 'FeatureCollection', features }));
  return true;
}

/** `serveWms111` for a node:http response, with CORS open: the browser asks for the images itself. */
export function serveWms111To(url: URL, response: http.ServerResponse): boolean {
  return serveWms111(url, (type, body, status = 200) => {
    response.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
    response.end(body);
  });
}
