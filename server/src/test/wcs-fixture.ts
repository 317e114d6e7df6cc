import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';

/*
 * A WCS 2.0.1 of the tests' own, for loopback, in EPSG:28992 with 1 m pixels: the
 * elevation API tests and the profile benchmark (scripts/bench/profile.mjs) ask it for
 * heights, and so do the end-to-end journeys (web/e2e/fake-wcs.ts, with a coverage of
 * their own). The tests' coverage `dtm` covers x 150000–170000, y 460000–470000, whose
 * heights are a plane, h = 0.001·(x − 150000) + 0.002·(y − 460000), so bilinear sampling
 * gives them back exactly; a square without heights (the float32 maximum, as PDOK's AHN
 * has) at x 160000–161000, y 464000–466000; at most 4,096 × 4,096 pixels per answer.
 * `dtm_tagged` says its nodata in the GeoTIFF instead of DescribeCoverage; `dtm_lambert`
 * claims EPSG:31370.
 */

export const float32Max = 3.4028234663852886e38;
/** The most columns or rows one GetCoverage answers. */
export const wcsSideCap = 4096;
export const plane = (x: number, y: number) => 0.001 * (x - 150000) + 0.002 * (y - 460000);
export const inHole = (x: number, y: number, margin = 0) =>
  x > 160000 - margin && x < 161000 + margin && y > 464000 - margin && y < 466000 + margin;

const rdUrn = 'http://www.opengis.net/def/crs/EPSG/0/28992';

/** One coverage: its extent in whole metres (1 m pixels, north up) and its height at a pixel's centre. */
export type FakeCoverage = {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  heightAt: (x: number, y: number) => number;
  /** The CRS it claims; the pixels are RD New's all the same. */
  srs?: string;
  /** Where its nodata (the float32 maximum) is said: DescribeCoverage's nilValues, as PDOK does, or the GeoTIFF's tag. */
  nodataIn?: 'description' | 'tiff';
};

const testDtm: FakeCoverage = {
  x0: 150000,
  y0: 460000,
  x1: 170000,
  y1: 470000,
  heightAt: (x, y) => (inHole(x, y) ? float32Max : plane(x, y)),
};

/** The API tests' and the benchmark's coverages, by id. */
export const testCoverages: Record<string, FakeCoverage> = {
  dtm: testDtm,
  dtm_tagged: { ...testDtm, nodataIn: 'tiff' },
  dtm_lambert: { ...testDtm, srs: 'http://www.opengis.net/def/crs/EPSG/0/31370' },
};

export function describeCoverage(id: string, coverage: FakeCoverage) {
  const { x0, y0, x1, y1, srs = rdUrn, nodataIn = 'description' } = coverage;
  return `<?xml version="1.0" encoding="UTF-8"?>
<wcs:CoverageDescriptions xmlns:wcs="http://www.opengis.net/wcs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gmlcov="http://www.opengis.net/gmlcov/1.0" xmlns:swe="http://www.opengis.net/swe/2.0">
  <wcs:CoverageDescription gml:id="${id}">
    <gml:boundedBy>
      <gml:Envelope srsName="${srs}" axisLabels="x y" uomLabels="m m" srsDimension="2">
        <gml:lowerCorner>${x0} ${y0}</gml:lowerCorner>
        <gml:upperCorner>${x1} ${y1}</gml:upperCorner>
      </gml:Envelope>
    </gml:boundedBy>
    <wcs:CoverageId>${id}</wcs:CoverageId>
    <gml:domainSet>
      <gml:RectifiedGrid dimension="2" gml:id="grid_${id}">
        <gml:limits><gml:GridEnvelope><gml:low>0 0</gml:low><gml:high>${x1 - x0 - 1} ${y1 - y0 - 1}</gml:high></gml:GridEnvelope></gml:limits>
        <gml:axisLabels>x y</gml:axisLabels>
        <gml:origin><gml:Point gml:id="origin_${id}" srsName="${srs}"><gml:pos>${x0 + 0.5} ${y1 - 0.5}</gml:pos></gml:Point></gml:origin>
        <gml:offsetVector srsName="${srs}">1 0</gml:offsetVector>
        <gml:offsetVector srsName="${srs}">0 -1</gml:offsetVector>
      </gml:RectifiedGrid>
    </gml:domainSet>
    <gmlcov:rangeType>
      <swe:DataRecord>
        <swe:field name="Band1">
          <swe:Quantity definition="http://www.opengis.net/def/property/OGC/0/Radiance">
            ${nodataIn === 'description' ? `<swe:nilValues><swe:NilValues><swe:nilValue reason="http://www.opengis.net/def/nil/OGC/0/unknown">3.4028234663852886e+38</swe:nilValue></swe:NilValues></swe:nilValues>` : ''}
            <swe:uom code="m"/>
          </swe:Quantity>
        </swe:field>
      </swe:DataRecord>
    </gmlcov:rangeType>
  </wcs:CoverageDescription>
</wcs:CoverageDescriptions>`;
}

export const wcsException = (text: string) =>
  `<?xml version="1.0"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/2.0" version="2.0.1"><ows:Exception exceptionCode="InvalidSubsetting"><ows:ExceptionText>${text}</ows:ExceptionText></ows:Exception></ows:ExceptionReport>`;

/**
 * An uncompressed float32 GeoTIFF, one strip, heights `height(x, y)` at the pixel
 * centres of a north-up grid. Written by hand, not with geotiff.js's writer: that took
 * 3.5 s for a 2,048 × 2,048 window, which would swamp what a profile benchmark measures.
 */
export function float32GeoTiff(options: {
  width: number;
  height: number;
  /** The top-left corner of the top-left pixel, and the pixel size, in the CRS's units. */
  originX: number;
  originY: number;
  step: number;
  epsg: number;
  nodata?: string;
  heightAt: (x: number, y: number) => number;
}): Buffer {
  const { width, height, originX, originY, step, epsg, nodata } = options;
  const little = os.endianness() === 'LE';
  const SHORT = 3;
  const LONG = 4;
  const DOUBLE = 12;
  const ASCII = 2;
  const geoKeys = [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, epsg];
  const nodataBytes = nodata === undefined ? undefined : Buffer.from(`${nodata}\0`, 'latin1');
  // Tags in ascending order; a value is [type, count, numbers or bytes].
  const tags: [number, number, number, number[] | Buffer][] = [
    [256, LONG, 1, [width]],
    [257, LONG, 1, [height]],
    [258, SHORT, 1, [32]],
    [259, SHORT, 1, [1]],
    [262, SHORT, 1, [1]],
    [273, LONG, 1, [0]], // the strip's offset, set below
    [277, SHORT, 1, [1]],
    [278, LONG, 1, [height]],
    [279, LONG, 1, [width * height * 4]],
    [284, SHORT, 1, [1]],
    [339, SHORT, 1, [3]],
    [33550, DOUBLE, 3, [step, step, 0]],
    [33922, DOUBLE, 6, [0, 0, 0, originX, originY, 0]],
    [34735, SHORT, geoKeys.length, geoKeys],
    ...(nodataBytes
      ? [[42113, ASCII, nodataBytes.length, nodataBytes] as [number, number, number, Buffer]]
      : []),
  ];
  const size = (type: number) => (type === DOUBLE ? 8 : type === LONG ? 4 : type === SHORT ? 2 : 1);
  const ifdOffset = 8;
  let extra = ifdOffset + 2 + tags.length * 12 + 4;
  const placed = tags.map(([, type, count]) => {
    const bytes = size(type) * count;
    if (bytes <= 4) return undefined;
    const at = extra;
    extra += bytes + (bytes % 2);
    return at;
  });
  const dataOffset = Math.ceil(extra / 8) * 8;
  const file = Buffer.alloc(dataOffset + width * height * 4);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  file.write(little ? 'II' : 'MM', 0, 'latin1');
  view.setUint16(2, 42, little);
  view.setUint32(4, ifdOffset, little);
  view.setUint16(ifdOffset, tags.length, little);
  tags.forEach(([tag, type, count, value], index) => {
    const entry = ifdOffset + 2 + index * 12;
    view.setUint16(entry, tag, little);
    view.setUint16(entry + 2, type, little);
    view.setUint32(entry + 4, count, little);
    const at = placed[index] ?? entry + 8;
    if (placed[index] !== undefined) view.setUint32(entry + 8, at, little);
    if (Buffer.isBuffer(value)) {
      value.copy(file, at);
      return;
    }
    const numbers = tag === 273 ? [dataOffset] : value;
    numbers.forEach((n, i) => {
      if (type === DOUBLE) view.setFloat64(at + i * 8, n, little);
      else if (type === LONG) view.setUint32(at + i * 4, n, little);
      else view.setUint16(at + i * 2, n, little);
    });
  });
  // The platform's byte order, which the header says: the heights go in as they are.
  const values = new Float32Array(file.buffer, file.byteOffset + dataOffset, width * height);
  for (let row = 0; row < height; row++) {
    const y = originY - (row + 0.5) * step;
    for (let col = 0; col < width; col++)
      values[row * width + col] = options.heightAt(originX + (col + 0.5) * step, y);
  }
  return file;
}

/** GetCoverage: the pixels of the SUBSET, as a float32 GeoTIFF; more than 4,096 on a side is refused. */
export function getCoverage(
  params: URLSearchParams,
  coverage: FakeCoverage,
): { status: number; type: string; body: Buffer | string } {
  const subsets = new Map(
    params.getAll('SUBSET').map((s) => {
      const match = /^(\w+)\(([-\d.e+]+),([-\d.e+]+)\)$/.exec(s);
      return [match?.[1] ?? '', [Number(match?.[2]), Number(match?.[3])] as const];
    }),
  );
  const [xa, xb] = subsets.get('x') ?? [Number.NaN, Number.NaN];
  const [ya, yb] = subsets.get('y') ?? [Number.NaN, Number.NaN];
  const col0 = Math.max(0, Math.floor(xa - coverage.x0));
  const col1 = Math.min(coverage.x1 - coverage.x0, Math.ceil(xb - coverage.x0));
  const row0 = Math.max(0, Math.floor(coverage.y1 - yb));
  const row1 = Math.min(coverage.y1 - coverage.y0, Math.ceil(coverage.y1 - ya));
  const width = col1 - col0;
  const height = row1 - row0;
  if (!(width > 0 && height > 0))
    return { status: 400, type: 'text/xml', body: wcsException('Empty subset') };
  if (width > wcsSideCap || height > wcsSideCap)
    return {
      status: 400,
      type: 'text/xml',
      body: wcsException(`Raster size out of range: ${width} x ${height}`),
    };
  const body = float32GeoTiff({
    width,
    height,
    originX: coverage.x0 + col0,
    originY: coverage.y1 - row0,
    step: 1,
    epsg: 28992,
    ...(coverage.nodataIn === 'tiff' ? { nodata: '3.4028234663852886e+38' } : {}),
    heightAt: coverage.heightAt,
  });
  return { status: 200, type: 'image/tiff', body };
}

/** The request's query with upper-case keys, as WCS servers read them. */
export const wcsParams = (url: URL) =>
  new URLSearchParams([...url.searchParams].map(([k, v]): [string, string] => [k.toUpperCase(), v]));

/** What the WCS answers to `params` (DescribeCoverage or GetCoverage as GeoTIFF). */
export function answerWcs(
  params: URLSearchParams,
  coverages: Record<string, FakeCoverage> = testCoverages,
): { status: number; type: string; body: Buffer | string } {
  const id = params.get('COVERAGEID') ?? '';
  const coverage = Object.hasOwn(coverages, id) ? coverages[id] : undefined;
  if (!coverage) return { status: 404, type: 'text/xml', body: wcsException('No such coverage') };
  if (params.get('REQUEST') === 'DescribeCoverage')
    return { status: 200, type: 'text/xml', body: describeCoverage(id, coverage) };
  if (params.get('REQUEST') === 'GetCoverage' && params.get('FORMAT') === 'image/tiff')
    return getCoverage(params, coverage);
  return { status: 400, type: 'text/xml', body: wcsException('Bad request') };
}

/**
 * The WCS alone on loopback, at `{origin}{path}`: by default the tests' coverages at
 * `/ahn/wcs` on a free port. Counts the GetCoverage requests.
 */
export function startWcsServer({
  port = 0,
  path = '/ahn/wcs',
  coverages = testCoverages,
}: {
  port?: number;
  path?: string;
  coverages?: Record<string, FakeCoverage>;
} = {}) {
  let getCoverages = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const params = wcsParams(url);
    const answer =
      url.pathname === path
        ? answerWcs(params, coverages)
        : { status: 404, type: 'text/plain', body: 'Not found' };
    if (params.get('REQUEST') === 'GetCoverage') getCoverages += 1;
    response.writeHead(answer.status, { 'Content-Type': answer.type });
    response.end(answer.body);
  });
  return new Promise<{ origin: string; port: number; getCoverages(): number; close(): Promise<void> }>(
    (resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          origin: `http://127.0.0.1:${port}`,
          port,
          getCoverages: () => getCoverages,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      });
    },
  );
}
