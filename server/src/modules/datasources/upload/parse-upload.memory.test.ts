import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseUpload } from './index.js';

const targetBytes = 30 * 1024 * 1024;

/** One feature of about 400 bytes: a small polygon and a few properties. */
function feature(n: number): string {
  const x = -170 + (n % 3400) / 10;
  const y = -80 + (n % 1600) / 10;
  const ring = [
    [x, y],
    [x + 0.01, y],
    [x + 0.01, y + 0.01],
    [x, y + 0.01],
    [x, y],
  ];
  return JSON.stringify({
    type: 'Feature',
    id: n,
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: {
      name: `Feature number ${n}`,
      height: n % 97,
      note: 'x'.repeat(n % 50),
      visited: n % 2 === 0,
    },
  });
}

/** A FeatureCollection of at least `bytes` bytes, produced 64 KiB at a time as it is read. */
function lazyCollection(bytes: number): {
  stream: Readable;
  produced: () => { bytes: number; features: number };
} {
  let n = 0;
  let sent = 0;
  let stage: 'open' | 'features' | 'done' = 'open';
  const stream = new Readable({
    read() {
      if (stage === 'done') {
        this.push(null);
        return;
      }
      let chunk = '';
      if (stage === 'open') {
        chunk = '{"type":"FeatureCollection","name":"memory test","features":[\n';
        stage = 'features';
      }
      while (chunk.length < 64 * 1024 && sent + chunk.length < bytes) {
        chunk += `${n === 0 ? '' : ',\n'}${feature(n)}`;
        n++;
      }
      if (sent + chunk.length >= bytes) {
        chunk += '\n]}\n';
        stage = 'done';
      }
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, produced: () => ({ bytes: sent, features: n }) };
}

describe('parseUpload memory', () => {
  it('streams a 30 MB FeatureCollection with bounded memory, in batches', async () => {
    const { stream, produced } = lazyCollection(targetBytes);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sample = () => {
      const rss = process.memoryUsage().rss;
      if (rss > peak) peak = rss;
    };
    const timer = setInterval(sample, 5);
    let received = 0;
    let batches = 0;
    let largestBatch = 0;
    const started = performance.now();
    try {
      const result = await parseUpload({
        stream,
        filename: 'big.geojson',
        onBatch: async (features) => {
          sample();
          batches++;
          received += features.length;
          largestBatch = Math.max(largestBatch, features.length);
          // A consumer that takes a moment, like a database insert.
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      sample();
      const seconds = (performance.now() - started) / 1000;
      const growthMb = (peak - baseline) / 1024 / 1024;
      const { bytes, features } = produced();
      console.info(
        `memory test: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${features} features in ${batches} batches, ` +
          `${seconds.toFixed(1)} s, peak RSS growth ${growthMb.toFixed(1)} MB`,
      );
      expect(bytes).toBeGreaterThanOrEqual(targetBytes);
      expect(result.featureCount).toBe(features);
      expect(received).toBe(features);
      expect(largestBatch).toBe(500);
      expect(batches).toBe(Math.ceil(features / 500));
      expect(result.extent).not.toBeNull();
      expect(growthMb).toBeLessThan(150);
    } finally {
      clearInterval(timer);
    }
  }, 120_000);
});
