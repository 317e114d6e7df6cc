import { describe, expect, it } from 'vitest';
import { profileLimits, profileRequest, profileStatsOf } from './elevation.js';

const issues = (body: unknown) =>
  profileRequest.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('profileRequest', () => {
  const line = [
    [5.1, 52.1],
    [5.2, 52.2],
  ];

  it('takes 2 to 50 [longitude, latitude] points and 2 to 2,000 samples, 200 by default', () => {
    expect(profileRequest.parse({ line })).toEqual({ line, samples: 200 });
    expect(profileRequest.parse({ line, samples: 2 }).samples).toBe(2);
    expect(profileRequest.parse({ line, samples: 2000 }).samples).toBe(profileLimits.maxSamples);
    const fifty = Array.from({ length: 50 }, (_, i) => [-180 + i, -90 + i]);
    expect(profileRequest.parse({ line: fifty }).line).toHaveLength(50);
    expect(
      profileRequest.parse({
        line: [
          [180, 90],
          [-180, -90],
        ],
      }).line,
    ).toEqual([
      [180, 90],
      [-180, -90],
    ]);
  });

  it('names `line` for every fault of the line, however deep, with one message', () => {
    const count = 'Enter the line as 2 to 50 [longitude, latitude] points.';
    expect(issues({ line: [[5, 52]] })).toEqual([['line', count]]);
    expect(issues({ line: Array.from({ length: 51 }, () => [5, 52]) })).toEqual([['line', count]]);
    expect(issues({ line: Array.from({ length: 10_000 }, () => [5, 52]) })).toEqual([['line', count]]);
    expect(issues({ line: 'LINESTRING(5 52, 6 52)' })).toEqual([['line', count]]);
    expect(issues({})).toEqual([['line', count]]);
    const point = (n: number) =>
      `Point ${n} must be [longitude, latitude]: longitude from -180 to 180, latitude from -90 to 90.`;
    expect(
      issues({
        line: [
          [5, 52],
          [5, 90.5],
        ],
      }),
    ).toEqual([['line', point(2)]]);
    expect(
      issues({
        line: [
          [-181, 52],
          [5, 52],
        ],
      }),
    ).toEqual([['line', point(1)]]);
    expect(
      issues({
        line: [
          [5, 52],
          [5, 52, 0],
        ],
      }),
    ).toEqual([['line', point(2)]]);
    expect(
      issues({
        line: [
          [5, 52],
          ['5', 52],
        ],
      }),
    ).toEqual([['line', point(2)]]);
  });

  it('names `samples` outside 2 to 2,000 or not whole', () => {
    const message = 'Ensure this value is a whole number from 2 to 2000.';
    for (const samples of [1, 2001, 5000, 2.5, '200'])
      expect(issues({ line, samples })).toEqual([['samples', message]]);
  });
});

describe('profileStatsOf', () => {
  it('takes min, max, mean, ascent and descent over the non-null heights, bridging gaps', () => {
    expect(profileStatsOf([1, 3, null, 2, 6, null])).toEqual({
      min: 1,
      max: 6,
      mean: 3,
      ascent: 6,
      descent: 1,
    });
  });
  it('answers nulls when there is no height', () => {
    expect(profileStatsOf([null, null])).toEqual({
      min: null,
      max: null,
      mean: null,
      ascent: null,
      descent: null,
    });
    expect(profileStatsOf([])).toEqual({ min: null, max: null, mean: null, ascent: null, descent: null });
  });
});
