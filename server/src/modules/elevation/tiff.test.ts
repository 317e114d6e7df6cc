import { fromArrayBuffer, writeArrayBuffer } from 'geotiff';
import { describe, expect, it } from 'vitest';
import { readHeights } from './tiff.js';

/** A 4 × 3 GeoTIFF of one band of `bits`-bit floats. */
async function image(values: Float32Array | Float64Array, bits: number) {
  const file = writeArrayBuffer(values, {
    width: 4,
    height: 3,
    BitsPerSample: [bits],
    SampleFormat: [3],
    ModelPixelScale: [1, 1, 0],
    ModelTiepoint: [0, 0, 0, 1000, 2000, 0],
  });
  return (await fromArrayBuffer(file)).getImage();
}

describe('readHeights', () => {
  it('gives float32 heights from a float32 or a float64 file: what the window cache counts at 4 bytes a height', async () => {
    const values = [1, -2, 3, 400, 5, 6, -7, 8, 9, 10, 11, -32768];
    for (const [stored, bits] of [
      [Float32Array.from(values), 32],
      [Float64Array.from(values), 64],
    ] as const) {
      const heights = await readHeights(await image(stored, bits), [1, 1, 4, 3]);
      expect(heights).toBeInstanceOf(Float32Array);
      expect([...heights]).toEqual([6, -7, 8, 10, 11, -32768]);
    }
  });
});
