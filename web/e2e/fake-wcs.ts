import http from 'node:http';
import { writeArrayBuffer } from 'geotiff';

/**
 * A WCS 2.0.1 ground model on loopback, standing in for PDOK's AHN (the server's built-in
 * profile, ELEVATION_WCS_URL): coverage `dtm_05m` in EPSG:28992 (RD New) around
 * Amersfoort, whose height is known by formula, so a profile's figures can be checked.
 */
export const fakeWcsCoverage = 'dtm_05m';

/** RD New metres, 1 m pixels: x 150,000–170,000, y 455,000–470,000 (about 5.32–5.61° E, 52.08–52.22° N). */
const grid = { x0: 150_000, x1: 170_000, y0: 455_000, y1: 470_000 } as const;
const cap = 4096;

/** One metre up per 100 m eastwards: a line drawn west to east climbs at 1 %, and never falls. */
export const fakeHeight = (x: number) => (x - grid.x0) / 100;

const srs = 'http://www.opengis.net/def/crs/EPSG/0/28992';

const describeCoverage = () => `<?xml version="1.0" encoding="UTF-8"?>
<wcs:CoverageDescriptions xmlns:wcs="http://www.opengis.net/wcs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gmlcov="http://www.opengis.net/gmlcov/1.0" xmlns:swe="http://www.opengis.net/swe/2.0">
  <wcs:CoverageDescription gml:id="${fakeWcsCoverage}">
    <gml:boundedBy>
      <gml:Envelope srsName="${srs}" axisLabels="x y" uomLabels="m m" srsDimension="2">
        <gml:lowerCorner>${grid.x0} ${grid.y0}</gml:lowerCorner>
        <gml:upperCorner>${grid.x1} ${grid.y1}</gml:upperCorner>
      </gml:Envelope>
    </gml:boundedBy>
    <wcs:CoverageId>${fakeWcsCoverage}</wcs:CoverageId>
    <gml:domainSet>
      <gml:RectifiedGrid dimension="2" gml:id="grid">
        <gml:limits><gml:GridEnvelope><gml:low>0 0</gml:low><gml:high>${grid.x1 - grid.x0 - 1} ${grid.y1 - grid.y0 - 1}</gml:high></gml:GridEnvelope></gml:limits>
        <gml:axisLabels>x y</gml:axisLabels>
        <gml:origin><gml:Point gml:id="origin" srsName="${srs}"><gml:pos>${grid.x0 + 0.5} ${grid.y1 - 0.5}</gml:pos></gml:Point></gml:origin>
        <gml:offsetVector srsName="${srs}">1 0</gml:offsetVector>
        <gml:offsetVector srsName="${srs}">0 -1</gml:offsetVector>
      </gml:RectifiedGrid>
    </gml:domainSet>
    <gmlcov:rangeType>
      <swe:DataRecord>
        <swe:field name="Band1">
          <swe:Quantity definition="http://www.opengis.net/def/property/OGC/0/Radiance">
            <swe:nilValues><swe:NilValues><swe:nilValue reason="http://www.opengis.net/def/nil/OGC/0/unknown">3.4028234663852886e+38</swe:nilValue></swe:NilValues></swe:nilValues>
            <swe:uom code="m"/>
          </swe:Quantity>
        </swe:field>
      </swe:DataRecord>
    </gmlcov:rangeType>
  </wcs:CoverageDescription>
</wcs:CoverageDescriptions>`;

const exception = (text: string) =>
  `<?xml version="1.0"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/2.0" version="2.0.1"><ows:Exception exceptionCode="InvalidSubsetting"><ows:ExceptionText>${text}</ows:ExceptionText></ows:Exception></ows:ExceptionReport>`;

/** GetCoverage: the pixels of `SUBSET=x(a,b)&SUBSET=y(a,b)` as a float32 GeoTIFF, at most 4,096 on a side. */
function getCoverage(params: URLSearchParams): { status: number; type: string; body: Buffer | string } {
  const subsets = new Map(
    params.getAll('SUBSET').map((subset) => {
      const match = /^(\w+)\(([-\d.e+]+),([-\d.e+]+)\)$/.exec(subset);
      return [match?.[1] ?? '', [Number(match?.[2]), Number(match?.[3])] as const];
    }),
  );
  const [xa, xb] = subsets.get('x') ?? [Number.NaN, Number.NaN];
  const [ya, yb] = subsets.get('y') ?? [Number.NaN, Number.NaN];
  const col0 = Math.max(0, Math.floor(xa - grid.x0));
  const col1 = Math.min(grid.x1 - grid.x0, Math.ceil(xb - grid.x0));
  const row0 = Math.max(0, Math.floor(grid.y1 - yb));
  const row1 = Math.min(grid.y1 - grid.y0, Math.ceil(grid.y1 - ya));
  const width = col1 - col0;
  const height = row1 - row0;
  if (!(width > 0 && height > 0)) return { status: 400, type: 'text/xml', body: exception('Empty subset') };
  if (width > cap || height > cap)
    return {
      status: 400,
      type: 'text/xml',
      body: exception(`Raster size out of range: ${width} x ${height}`),
    };
  const values = new Float32Array(width * height);
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) values[row * width + col] = fakeHeight(grid.x0 + col0 + col + 0.5);
  const tiff = writeArrayBuffer(values, {
    width,
    height,
    ModelPixelScale: [1, 1, 0],
    ModelTiepoint: [0, 0, 0, grid.x0 + col0, grid.y1 - row0, 0],
    GTModelTypeGeoKey: 1,
    GTRasterTypeGeoKey: 1,
    ProjectedCSTypeGeoKey: 28992,
  } as never);
  return { status: 200, type: 'image/tiff', body: Buffer.from(tiff) };
}

/** Serves the WCS at `http://127.0.0.1:{port}/wcs`; answers a stop function. */
export async function startFakeWcs(port: number): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    // WCS keys are case-insensitive.
    const params = new URLSearchParams(
      [...url.searchParams].map(([key, value]): [string, string] => [key.toUpperCase(), value]),
    );
    const send = (status: number, type: string, body: Buffer | string) => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body);
    };
    if (url.pathname !== '/wcs') return send(404, 'text/plain', 'Not found');
    if (params.get('COVERAGEID') !== fakeWcsCoverage)
      return send(404, 'text/xml', exception('No such coverage'));
    if (params.get('REQUEST') === 'DescribeCoverage') return send(200, 'text/xml', describeCoverage());
    if (params.get('REQUEST') === 'GetCoverage') {
      const answer = getCoverage(params);
      return send(answer.status, answer.type, answer.body);
    }
    return send(400, 'text/xml', exception('Bad request'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
