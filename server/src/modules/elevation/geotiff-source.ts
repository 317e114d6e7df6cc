import { BaseClient, BaseResponse, fromCustomClient, type GeoTIFFImage } from 'geotiff';
import type { ResponseHeaders, UrlFetcher } from '../../lib/url-fetch/index.js';
import { projectionTo } from './crs.js';
import { cachedLoader, LruCache } from './lru-cache.js';
import { planWindows, sampleBilinear, windowGrid } from './raster.js';
import { ElevationSourceError, failureReason } from './source-error.js';
import { crsOfImage, gridOfImage, nodataOfImage, readHeights } from './tiff.js';
import { windowLimits } from './wcs-client.js';
import type { WindowCache } from './window-cache.js';

/**
 * `geotiff` sources (RUNTIME.md, "Workspace tools"): a GeoTIFF or Cloud Optimized GeoTIFF
 * read with HTTP range requests, through the SSRF-safe fetcher (geotiff.js's own `fromUrl`
 * would fetch around it). A server that ignores `Range` sends the whole file, once: it is
 * kept (up to 200 MB) and the ranges are cut from it.
 */

/** The largest answer taken, a range or the whole file from a server without range requests. */
export const maxGeotiffBytes = 200 * 1024 * 1024;
const timeoutMs = 30_000;
/** geotiff.js reads the file in blocks of this size, the last `blockCache` kept per file. */
const blockSize = 64 * 1024;
const blockCache = 128;

const header = (headers: ResponseHeaders, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

class FetchedResponse extends BaseResponse {
  constructor(
    private readonly code: number,
    private readonly headers: Record<string, string | undefined>,
    private readonly data: Buffer,
  ) {
    super();
  }
  override get status() {
    return this.code;
  }
  override getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  override async getData(): Promise<ArrayBuffer> {
    return this.data.buffer.slice(
      this.data.byteOffset,
      this.data.byteOffset + this.data.byteLength,
    ) as ArrayBuffer;
  }
}

/** geotiff.js's HTTP client, reading through the fetcher. */
class FetcherClient extends BaseClient {
  /** The whole file, when the server would not answer a range. */
  whole: Buffer | undefined;
  /** Requests sent (for tests and the cache's accounting). */
  requests = 0;

  constructor(
    url: string,
    private readonly fetcher: UrlFetcher,
  ) {
    super(url);
  }

  override async request(options: RequestInit = {}): Promise<BaseResponse> {
    const range = new Headers(options.headers).get('range') ?? undefined;
    if (this.whole) return rangeOf(this.whole, range);
    this.requests += 1;
    const answer = await this.fetcher.fetch(this.url, {
      headers: range ? { Range: range } : {},
      maxBytes: maxGeotiffBytes,
      timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (answer.status === 206) {
      return new FetchedResponse(
        206,
        {
          'content-range': header(answer.headers, 'content-range'),
          'content-type': header(answer.headers, 'content-type'),
        },
        answer.body,
      );
    }
    this.whole = answer.body;
    return rangeOf(this.whole, range);
  }
}

/** A range of a file held whole, answered as a server with range requests would. */
function rangeOf(file: Buffer, range: string | undefined): BaseResponse {
  const match = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
  if (!match) return new FetchedResponse(200, {}, file);
  const start = Math.min(Number(match[1]), file.length);
  const end = Math.min(match[2] ? Number(match[2]) : file.length - 1, file.length - 1);
  return new FetchedResponse(
    206,
    { 'content-range': `bytes ${start}-${end}/${file.length}` },
    file.subarray(start, end + 1),
  );
}

type OpenedTiff = { image: GeoTIFFImage; client: FetcherClient };

/** `windows`: decoded windows, shared with the other elevation sources, keyed here by URL and window. */
export function createGeotiffSource({ fetcher, windows }: { fetcher: UrlFetcher; windows: WindowCache }) {
  // Opened files (their header and directory, or the whole file), keyed by URL: 16 or 400 MB, ten minutes.
  const files = cachedLoader(
    new LruCache<OpenedTiff>(
      { maxEntries: 16, maxBytes: 2 * maxGeotiffBytes, ttlMs: 600_000 },
      (file) => file.client.whole?.length ?? blockSize * blockCache,
    ),
  );

  const open = (url: string) =>
    files(url, async () => {
      const client = new FetcherClient(url, fetcher);
      const options = { blockSize, cacheSize: blockCache };
      const tiff = await fromCustomClient(client, options as Parameters<typeof fromCustomClient>[1]);
      // The first image is the full resolution; overviews follow it.
      return { image: await tiff.getImage(0), client };
    });

  return {
    /**
     * The heights of the GeoTIFF at the points ([longitude, latitude]): null outside it or
     * where it has none. Throws an ElevationSourceError saying what failed.
     */
    async heights(url: string, points: readonly [number, number][]): Promise<(number | null)[]> {
      try {
        const { image } = await open(url);
        const grid = gridOfImage(image);
        const project = projectionTo(crsOfImage(image));
        const nodata = nodataOfImage(image);
        const projected = points.map(([lon, lat]) => {
          const [x, y] = project(lon, lat);
          return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
        });
        const heights: (number | null)[] = points.map(() => null);
        for (const { window, indices } of planWindows(grid, projected, windowLimits)) {
          const key = `tiff:${url}#${window.col0},${window.row0},${window.col1},${window.row1}`;
          const raster = await windows.load(key, async () => ({
            grid: windowGrid(grid, window),
            values: await readHeights(image, [window.col0, window.row0, window.col1, window.row1]),
            nodata,
          }));
          for (const index of indices) {
            const point = projected[index];
            if (point) heights[index] = sampleBilinear(raster, point.x, point.y);
          }
        }
        return heights;
      } catch (error) {
        throw new ElevationSourceError(failureReason(error));
      }
    },
  };
}
export type GeotiffSource = ReturnType<typeof createGeotiffSource>;
