import { describe, expect, it } from 'vitest';
import { formatDistance, scaleBar } from './scale-bar';

describe('scaleBar', () => {
  it('picks the longest round distance that fits', () => {
    // 100 px hold 1,234 m: the bar is 1 km, 81 px long.
    expect(scaleBar(12.34, 100)).toEqual({ metres: 1000, width: 81 });
    // 100 px hold 4,000 m: 2 km (5 km would not fit).
    expect(scaleBar(40, 100)).toEqual({ metres: 2000, width: 50 });
    // 100 px hold 600 km: 500 km.
    expect(scaleBar(6000, 100)).toEqual({ metres: 500_000, width: 83 });
    expect(scaleBar(0.05, 100)).toEqual({ metres: 5, width: 100 });
  });

  it('has no bar without a scale, or below a metre', () => {
    expect(scaleBar(undefined, 100)).toBeUndefined();
    expect(scaleBar(0, 100)).toBeUndefined();
    expect(scaleBar(Number.NaN, 100)).toBeUndefined();
    expect(scaleBar(0.001, 100)).toBeUndefined();
  });
});

describe('formatDistance', () => {
  it('writes metres below a kilometre, kilometres above, in the reader’s language', () => {
    expect(formatDistance(500, 'en')).toBe('500 m');
    expect(formatDistance(20_000, 'en')).toBe('20 km');
    expect(formatDistance(2_000_000, 'en')).toBe('2,000 km');
    expect(formatDistance(2_000_000, 'nl')).toBe('2.000 km');
  });
});
