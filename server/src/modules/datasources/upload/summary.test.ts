import { describe, expect, it } from 'vitest';
import { SummaryBuilder } from './summary.js';
import type { GeoJsonFeature } from './types.js';

const feature = (properties: Record<string, unknown> | null, type: 'Point' | 'LineString' | null = 'Point') =>
  ({
    type: 'Feature',
    properties,
    geometry:
      type === null
        ? null
        : type === 'Point'
          ? { type, coordinates: [5, 52] }
          : {
              type,
              coordinates: [
                [5, 52],
                [6, 53],
              ],
            },
  }) as GeoJsonFeature;

describe('SummaryBuilder', () => {
  it('counts geometry types, most frequent first and features without a geometry last', () => {
    const builder = new SummaryBuilder();
    for (const type of ['LineString', null, 'Point', 'Point', 'LineString', 'Point'] as const)
      builder.add(feature({}, type));
    expect(builder.result(6, [5, 52, 6, 53]).geometry_types).toEqual([
      { type: 'Point', count: 3 },
      { type: 'LineString', count: 2 },
      { type: null, count: 1 },
    ]);
  });

  it('keeps the first five rows, their attribute names in the order first met', () => {
    const builder = new SummaryBuilder();
    builder.add(feature({ a: 1 }));
    builder.add(feature(null));
    builder.add(feature({ b: true, a: 2 }));
    for (let i = 0; i < 10; i++) builder.add(feature({ late: i }));
    const summary = builder.result(13, null);
    expect(summary.attributes).toEqual(['a', 'b', 'late']);
    expect(summary.rows).toEqual([{ a: 1 }, {}, { b: true, a: 2 }, { late: 0 }, { late: 1 }]);
    expect(summary.feature_count).toBe(13);
    expect(summary.extent).toBeNull();
  });

  it('writes nested values as JSON, cuts long texts and keeps odd names as plain keys', () => {
    const builder = new SummaryBuilder();
    builder.add(
      feature(
        JSON.parse(`{"__proto__": "x", "nested": {"b": [1, 2]}, "long": "${'y'.repeat(500)}", "n": null}`),
      ),
    );
    const [row] = builder.result(1, null).rows;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'nested', 'long', 'n']);
    expect(row?.nested).toBe('{"b":[1,2]}');
    expect(row?.long).toHaveLength(200);
    expect(String(row?.long).endsWith('…')).toBe(true);
    expect(row?.n).toBeNull();
  });

  it('leaves out attributes beyond the fiftieth: a glimpse, not the data', () => {
    const builder = new SummaryBuilder();
    builder.add(feature(Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`c${i}`, i]))));
    const summary = builder.result(1, null);
    expect(summary.attributes).toHaveLength(50);
    expect(Object.keys(summary.rows[0] ?? {})).toHaveLength(50);
  });
});
