/**
 * A small in-memory LRU cache, bounded by entries and by a size in bytes, whose entries
 * expire: what the elevation clients keep between calls (DescribeCoverage answers, decoded
 * raster windows, opened GeoTIFFs). Per process; nothing another process needs.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; size: number; expires: number }>();
  private bytes = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxBytes: number; ttlMs: number },
    private readonly sizeOf: (value: V) => number = () => 0,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.bytes -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    this.delete(key);
    if (size > this.limits.maxBytes) return;
    this.entries.set(key, { value, size, expires: this.now() + this.limits.ttlMs });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }
}

/**
 * The value for `key` from the cache, or from `load` once even when several calls ask at
 * the same time (they share the one promise); a failure is not cached.
 */
export function cachedLoader<V>(cache: LruCache<V>) {
  const loading = new Map<string, Promise<V>>();
  return async (key: string, load: () => Promise<V>): Promise<V> => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const pending = loading.get(key);
    if (pending) return pending;
    const promise = load().then((value) => {
      cache.set(key, value);
      return value;
    });
    loading.set(key, promise);
    try {
      return await promise;
    } finally {
      loading.delete(key);
    }
  };
}
