import { Writable } from 'node:stream';
import { SummaryBuilder } from './summary.js';
import { type Extent, type GeoJsonFeature, UploadError } from './types.js';

/** The bounding box of the positions seen so far. */
export class ExtentBuilder {
  west = Number.POSITIVE_INFINITY;
  south = Number.POSITIVE_INFINITY;
  east = Number.NEGATIVE_INFINITY;
  north = Number.NEGATIVE_INFINITY;

  add(longitude: number, latitude: number): void {
    if (longitude < this.west) this.west = longitude;
    if (longitude > this.east) this.east = longitude;
    if (latitude < this.south) this.south = latitude;
    if (latitude > this.north) this.north = latitude;
  }

  get extent(): Extent | null {
    return this.west <= this.east ? [this.west, this.south, this.east, this.north] : null;
  }
}

/**
 * Collects valid features into batches and hands each full batch to `onBatch`: `batchSize`
 * features, or fewer when they add up to `batchBytes` (a statement of a few hundred KB keeps
 * the database — one thread, for the embedded one — free for everyone else's queries between
 * batches, and bounds what a batch holds in memory). `add` returns a promise only when a batch
 * went out, so the caller waits for the consumer (backpressure) and reads no further input
 * meanwhile.
 */
export class FeatureSink {
  readonly extent = new ExtentBuilder();
  readonly summary = new SummaryBuilder();
  private batch: GeoJsonFeature[] = [];
  private bytes = 0;
  count = 0;

  constructor(
    private readonly onBatch: (features: GeoJsonFeature[]) => Promise<void>,
    private readonly batchSize: number,
    private readonly maxFeatures: number,
    private readonly batchBytes = Number.POSITIVE_INFINITY,
  ) {}

  /** Throws when the feature would exceed the maximum; the feature's number is `count + 1`. */
  checkRoom(): void {
    if (this.count >= this.maxFeatures) {
      throw new UploadError(
        `The file holds more than ${this.maxFeatures.toLocaleString('en-US')} features, the most one upload may hold.`,
      );
    }
  }

  /** `bytes`: about how large the feature is as JSON. */
  add(feature: GeoJsonFeature, bytes = 0): Promise<void> | undefined {
    this.checkRoom();
    this.count++;
    this.summary.add(feature);
    this.batch.push(feature);
    this.bytes += bytes;
    return this.batch.length >= this.batchSize || this.bytes >= this.batchBytes ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.bytes = 0;
    await this.onBatch(batch);
  }
}

/**
 * The writable end of a pipeline: hands each item to `handle` and, when that returns a promise
 * (a batch went out), takes no further item until it settles. `finish` runs after the last item.
 */
export function itemWriter<T>(
  handle: (item: T) => Promise<void> | undefined,
  finish: () => Promise<void> | undefined = () => undefined,
): Writable {
  const run = (items: T[], from: number, callback: (error?: Error | null) => void): void => {
    for (let i = from; i < items.length; i++) {
      let wait: Promise<void> | undefined;
      try {
        wait = handle(items[i] as T);
      } catch (error) {
        callback(error as Error);
        return;
      }
      if (wait) {
        wait.then(() => run(items, i + 1, callback), callback);
        return;
      }
    }
    callback();
  };
  return new Writable({
    objectMode: true,
    write(item: T, _encoding, callback) {
      run([item], 0, callback);
    },
    writev(chunks, callback) {
      run(
        chunks.map((c) => c.chunk as T),
        0,
        callback,
      );
    },
    final(callback) {
      let wait: Promise<void> | undefined;
      try {
        wait = finish();
      } catch (error) {
        callback(error as Error);
        return;
      }
      if (wait) wait.then(() => callback(), callback);
      else callback();
    },
  });
}
