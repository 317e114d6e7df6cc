import { looksLikeCsv, readCsv } from './csv-stream.js';
import { FeatureSink } from './feature-sink.js';
import { readGeoJson } from './geojson-stream.js';
import { PeekedSource } from './source.js';
import { type GeoJsonFeature, type ParsedUpload, UploadError } from './types.js';

export { type ParseUploadFileInput, parseUploadFile } from './parse-thread.js';
export type {
  Extent,
  GeoJsonFeature,
  Geometry,
  GeometryCollection,
  LineString,
  MultiLineString,
  MultiPoint,
  MultiPolygon,
  ParsedUpload,
  Point,
  Polygon,
  Position,
} from './types.js';
export { UploadError } from './types.js';

export type ParseUploadInput = {
  stream: NodeJS.ReadableStream;
  filename: string;
  onBatch: (features: GeoJsonFeature[]) => Promise<void>;
  /** Features per onBatch call (the last one may hold fewer); 500 unless given. */
  batchSize?: number;
  /** More features than this is an UploadError; 1,000,000 unless given. */
  maxFeatures?: number;
  /** A batch goes out early once its features add up to about this many bytes of JSON; 512 KiB unless given. */
  batchBytes?: number;
  /** A larger feature (about, as JSON) is an UploadError naming it; 4 MiB unless given. */
  maxFeatureBytes?: number;
  /** A feature nested deeper (the feature itself is level 1) is an UploadError naming it; 64 unless given. */
  maxDepth?: number;
};

/**
 * One feature's limits. 4 MB of GeoJSON is a polygon of about 100,000 positions, more than a
 * map draws smoothly; it becomes some 40 MB of objects here and one statement the database
 * (for the embedded one: its only thread) spends about 0.2 s on. 64 levels is far beyond any
 * geometry (a MultiPolygon's positions are at level 6) or sensible properties, and far below
 * what would exhaust a stack.
 */
export const defaultFeatureLimits = { maxFeatureBytes: 4 * 1024 * 1024, maxDepth: 64 } as const;
/** Statements of about half a MB take the embedded database some 25 ms: others' queries wait no longer. */
const defaultBatchBytes = 512 * 1024;

/** The format a file name's extension promises, if it promises one. */
export function formatOfFilename(filename: string): ParsedUpload['format'] | undefined {
  const name = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  if (extension === 'csv' || extension === 'txt' || extension === 'tsv') return 'csv';
  return undefined;
}

/**
 * Reads the file stream, detects GeoJSON vs CSV (by filename extension .geojson/.json/.csv/.txt
 * and, failing that, by the first non-whitespace byte: '{' or '[' → GeoJSON, text with a
 * delimiter in its first line → CSV), validates feature by feature and calls onBatch with up to
 * `batchSize` (default 500) features at a time, awaiting it (backpressure: nothing more is read
 * meanwhile). Throws UploadError at the first invalid feature or line; batches handed on before
 * that are not taken back, so the caller stores them provisionally (e.g. in a transaction).
 *
 * Memory stays bounded: the file is read in chunks, one GeoJSON feature (at most `maxFeatureBytes`,
 * nested at most `maxDepth` deep) or CSV row (at most 1,000,000 characters) is built at a time,
 * and at most one batch (at most `batchSize` features or about `batchBytes`) is held. A line's
 * length does not matter: a file on one line streams like any other. Text PostgreSQL cannot
 * store (U+0000, half a surrogate pair) is an UploadError naming the feature or line.
 */
export async function parseUpload(input: ParseUploadInput): Promise<ParsedUpload> {
  const batchSize =
    input.batchSize !== undefined && Number.isFinite(input.batchSize) && input.batchSize >= 1
      ? Math.floor(input.batchSize)
      : 500;
  const maxFeatures = input.maxFeatures ?? 1_000_000;
  const limits = {
    maxBytes: input.maxFeatureBytes ?? defaultFeatureLimits.maxFeatureBytes,
    maxDepth: input.maxDepth ?? defaultFeatureLimits.maxDepth,
  };
  const source = new PeekedSource(input.stream);
  try {
    await source.peek();
    if (source.isEmpty) throw new UploadError('The file is empty.');
    const first = source.firstByte;
    const format =
      formatOfFilename(input.filename) ??
      (first === 0x7b || first === 0x5b ? 'geojson' : looksLikeCsv(source.head) ? 'csv' : undefined);
    if (!format) throw new UploadError('The file is neither GeoJSON nor CSV.');
    const sink = new FeatureSink(
      input.onBatch,
      batchSize,
      maxFeatures,
      input.batchBytes ?? defaultBatchBytes,
    );
    if (format === 'geojson') await readGeoJson(source.readable(), sink, limits);
    else await readCsv(source, sink);
    await sink.flush();
    const extent = sink.extent.extent;
    return { featureCount: sink.count, extent, format, summary: sink.summary.result(sink.count, extent) };
  } finally {
    await source.close();
  }
}
