import { fromArrayBuffer } from 'geotiff';
import type { UrlFetcher } from '../../lib/url-fetch/index.js';
import { withQueryParams } from '../datasources/inspect/request-url.js';
import {
  attr,
  children,
  exceptionText,
  parseXmlRoot,
  path,
  textOf,
  type XmlNode,
} from '../datasources/inspect/xml.js';
import { epsgCode, projectionTo } from './crs.js';
import { cachedLoader, LruCache } from './lru-cache.js';
import { type Grid, planWindows, sampleBilinear, type WindowLimits, windowGrid } from './raster.js';
import { ElevationSourceError, failureReason } from './source-error.js';
import { crsOfImage, gridOfImage, nodataOfImage, readHeights } from './tiff.js';
import type { HeightWindow, WindowCache } from './window-cache.js';

/**
 * An OGC WCS 2.0.1 client for heights (RUNTIME.md, "Workspace tools"): `DescribeCoverage`
 * for the coverage's CRS, grid and nodata; `GetCoverage` as GeoTIFF for windows of the
 * grid along the line, each within what a server answers at once.
 */

/** The most columns or rows one GetCoverage asks for: servers cap an answer's size (the tests' at 4,096). */
export const maxRequestSide = 4096;
/** The most pixels of one window: 1M heights, 4 MB as float32. A profile line needs far fewer per window. */
export const maxWindowPixels = 1024 * 1024;

/**
 * How the WCS and GeoTIFF clients cut a profile into windows: narrow ones along the line,
 * a request worth 64K pixels (256 KB of float32 heights): a 500-sample, 5 km line running
 * north-east over 0.5 m pixels takes about 28 windows of 1.8M pixels in all, where squares
 * around it would hold 50M.
 */
export const windowLimits: WindowLimits = {
  maxSide: maxRequestSide,
  maxPixels: maxWindowPixels,
  mergePixels: 256 * 256,
  align: 16,
};
const describeMaxBytes = 2 * 1024 * 1024;
/** A window's GeoTIFF: at most 1M pixels of up to 8 bytes, with room for the file's own parts. */
const coverageMaxBytes = maxWindowPixels * 8 + 1024 * 1024;
const timeoutMs = 30_000;
/** Windows fetched at once for one profile. */
const parallelRequests = 4;

/** What DescribeCoverage says about a coverage. */
export type CoverageDescription = {
  crs: string;
  /** The axis labels to subset by: easting first. */
  axes: { x: string; y: string };
  grid: Grid;
  nodata: number[];
};

const number = (text: string | undefined) => (text === undefined ? Number.NaN : Number(text));
const numbers = (node: unknown) => (textOf(node) ?? '').trim().split(/\s+/).map(Number);

/** A northing axis label (`y`, `N`, `Lat`, …): the other one is the easting. */
const isNorthing = (label: string) => /^(y|n|northing|north|lat|latitude)$/i.test(label);

/** Reads a DescribeCoverage answer; throws an ElevationSourceError saying what is missing. */
export function parseCoverageDescription(xml: string, coverage: string): CoverageDescription {
  const fail = (what: string) => new ElevationSourceError(`DescribeCoverage for ${coverage}: ${what}`);
  let root: { name: string; node: XmlNode };
  try {
    root = parseXmlRoot(xml, 'not XML');
  } catch {
    throw fail('the answer is not XML');
  }
  const exception = exceptionText(root);
  if (exception !== undefined) throw fail(`the service answered with an error: ${exception.slice(0, 300)}`);
  const description =
    root.name === 'CoverageDescription'
      ? root.node
      : (children(root.node, 'CoverageDescription').find(
          (node) => (textOf(node.CoverageId) ?? attr(node, 'id')) === coverage,
        ) ?? children(root.node, 'CoverageDescription')[0]);
  if (!description) throw fail('the answer describes no coverage');

  const envelope = path(description, 'boundedBy', 'Envelope');
  const grid = path(description, 'domainSet', 'RectifiedGrid');
  const crs = epsgCode(attr(envelope, 'srsName') ?? attr(grid, 'srsName'));
  if (!crs)
    throw fail(`its coordinate reference system ${attr(envelope, 'srsName') ?? '(none)'} is not supported`);
  if (!grid) throw fail('the coverage has no rectified grid');
  const labels = (attr(envelope, 'axisLabels') ?? textOf(grid.axisLabels) ?? 'x y').trim().split(/\s+/);
  if (labels.length !== 2) throw fail('the coverage is not two-dimensional');
  const north = labels.findIndex(isNorthing) === 0 ? 0 : 1;
  const east = 1 - north;

  const low = numbers(path(grid, 'limits', 'GridEnvelope', 'low'));
  const high = numbers(path(grid, 'limits', 'GridEnvelope', 'high'));
  const origin = numbers(path(grid, 'origin', 'Point', 'pos'));
  const vectors = children(grid, 'offsetVector').map(numbers);
  // The grid axis along which easting changes (the columns), and the one for northing (the rows).
  const columnAxis = vectors.findIndex((vector) => Math.abs(vector[east] ?? 0) > 0);
  const rowAxis = 1 - columnAxis;
  const column = vectors[columnAxis];
  const row = vectors[rowAxis];
  if (vectors.length !== 2 || !column || !row || columnAxis < 0) throw fail('the grid has no offset vectors');
  if ((column[north] ?? 0) !== 0 || (row[east] ?? 0) !== 0) throw fail('rotated grids are not supported');
  const stepX = column[east] ?? Number.NaN;
  const stepY = row[north] ?? Number.NaN;
  const width = (high[columnAxis] ?? Number.NaN) - (low[columnAxis] ?? Number.NaN) + 1;
  const height = (high[rowAxis] ?? Number.NaN) - (low[rowAxis] ?? Number.NaN) + 1;
  const centreX = origin[east] ?? Number.NaN;
  const centreY = origin[north] ?? Number.NaN;
  if (![stepX, stepY, width, height, centreX, centreY].every(Number.isFinite) || width < 1 || height < 1)
    throw fail('the grid is incomplete');

  const nodata = children(
    path(description, 'rangeType', 'DataRecord', 'field', 'Quantity', 'nilValues', 'NilValues'),
    'nilValue',
  )
    .map((node) => number(textOf(node)))
    .filter((value) => !Number.isNaN(value));

  return {
    crs,
    axes: { x: labels[east] as string, y: labels[north] as string },
    // A GML grid's origin is the centre of its first pixel.
    grid: { originX: centreX - stepX / 2, originY: centreY - stepY / 2, stepX, stepY, width, height },
    nodata,
  };
}

/**
 * `windows`: decoded windows, shared with the other elevation sources (one memory budget),
 * keyed here by the GetCoverage URL.
 */
export function createWcsClient({ fetcher, windows }: { fetcher: UrlFetcher; windows: WindowCache }) {
  // Keyed by the request's URL: one service's coverage is described once an hour at most.
  const descriptions = cachedLoader(
    new LruCache<CoverageDescription>({
      maxEntries: 64,
      maxBytes: Number.POSITIVE_INFINITY,
      ttlMs: 3_600_000,
    }),
  );

  async function describe(url: string, coverage: string): Promise<CoverageDescription> {
    const request = withQueryParams(new URL(url), {
      SERVICE: 'WCS',
      VERSION: '2.0.1',
      REQUEST: 'DescribeCoverage',
      COVERAGEID: coverage,
    }).href;
    return descriptions(request, async () => {
      const answer = await fetcher.fetch(request, { maxBytes: describeMaxBytes, timeoutMs });
      return parseCoverageDescription(answer.body.toString('utf8'), coverage);
    });
  }

  /** The GetCoverage address of a window: its bounds in the coverage's CRS, on pixel edges. */
  function coverageUrl(url: string, coverage: string, description: CoverageDescription, grid: Grid): string {
    const xs = [grid.originX, grid.originX + grid.width * grid.stepX].sort((a, b) => a - b);
    const ys = [grid.originY, grid.originY + grid.height * grid.stepY].sort((a, b) => a - b);
    const base = withQueryParams(new URL(url), {
      SERVICE: 'WCS',
      VERSION: '2.0.1',
      REQUEST: 'GetCoverage',
      COVERAGEID: coverage,
      FORMAT: 'image/tiff',
    });
    // Bounds on pixel edges, without the floating-point tails of the sums (155000.00000000003).
    const edge = (n: number | undefined) => String(Number((n ?? 0).toFixed(9)));
    const subset = (axis: string, [a, b]: number[]) =>
      `SUBSET=${encodeURIComponent(`${axis}(${edge(a)},${edge(b)})`)}`;
    return `${base.href}&${subset(description.axes.x, xs)}&${subset(description.axes.y, ys)}`;
  }

  async function readWindow(request: string, description: CoverageDescription): Promise<HeightWindow> {
    return windows.load(`wcs:${request}`, async () => {
      const answer = await fetcher.fetch(request, { maxBytes: coverageMaxBytes, timeoutMs });
      return decodeCoverage(answer.body, description);
    });
  }

  return {
    /**
     * The heights of the coverage at the points ([longitude, latitude]): null outside it or
     * where it has none. Throws an ElevationSourceError saying what failed.
     */
    async heights(
      url: string,
      coverage: string,
      points: readonly [number, number][],
    ): Promise<(number | null)[]> {
      try {
        const description = await describe(url, coverage);
        const project = projectionTo(description.crs);
        const projected = points.map(([lon, lat]) => {
          const [x, y] = project(lon, lat);
          return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
        });
        const heights: (number | null)[] = points.map(() => null);
        const plan = planWindows(description.grid, projected, windowLimits);
        let next = 0;
        const worker = async () => {
          while (next < plan.length) {
            const part = plan[next++];
            if (!part) return;
            const request = coverageUrl(
              url,
              coverage,
              description,
              windowGrid(description.grid, part.window),
            );
            const raster = await readWindow(request, description);
            for (const index of part.indices) {
              const point = projected[index];
              if (point) heights[index] = sampleBilinear(raster, point.x, point.y);
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(parallelRequests, plan.length) }, worker));
        return heights;
      } catch (error) {
        throw new ElevationSourceError(failureReason(error));
      }
    },
  };
}
export type WcsClient = ReturnType<typeof createWcsClient>;

/**
 * A GetCoverage answer's heights: float32, nothing else of the answer kept (the bytes and
 * geotiff.js's parse of them are garbage once this returns). An XML answer is the
 * service's error, said as such.
 */
async function decodeCoverage(bytes: Buffer, description: CoverageDescription): Promise<HeightWindow> {
  if (bytes.subarray(0, 5).toString('latin1').trimStart().startsWith('<')) {
    const text = bytes.toString('utf8');
    let detail = 'an XML document instead of a GeoTIFF';
    try {
      detail = `an error: ${(exceptionText(parseXmlRoot(text, '')) ?? detail).slice(0, 300)}`;
    } catch {}
    throw new ElevationSourceError(`GetCoverage answered with ${detail}`);
  }
  const image = await (await fromArrayBuffer(arrayBufferOf(bytes))).getImage();
  const crs = crsOfImage(image);
  if (crs && crs !== description.crs)
    throw new ElevationSourceError(`GetCoverage answered in ${crs}, not ${description.crs}`);
  const grid = gridOfImage(image);
  const values = await readHeights(image, [0, 0, grid.width, grid.height]);
  return { grid, values, nodata: [...new Set([...nodataOfImage(image), ...description.nodata])] };
}

/** The bytes as an ArrayBuffer for geotiff.js: the Buffer's own when it has one to itself (no copy). */
function arrayBufferOf(bytes: Buffer): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (
    whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  ) as ArrayBuffer;
}
