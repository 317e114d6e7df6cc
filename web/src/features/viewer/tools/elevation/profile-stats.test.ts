import { describe, expect, it } from 'vitest';
import { differenceFigures, differenceOf, profileFigures } from './profile-stats';

describe('the figures of a profile', () => {
  it('counts ascent, descent and the steepest slope between neighbouring heights, bridging gaps', () => {
    const distances = [0, 10, 20, 30, 40, 50];
    const heights = [2, 3, null, 1, 1.5, 1.5];
    const figures = profileFigures(distances, heights);
    expect(figures.min).toBe(1);
    expect(figures.max).toBe(3);
    expect(figures.mean).toBeCloseTo(9 / 5);
    expect(figures.ascent).toBeCloseTo(1 + 0.5);
    expect(figures.descent).toBeCloseTo(2);
    // 3 → 1 over the 20 m gap is 10 %; 2 → 3 over 10 m is 10 % too; 1 → 1.5 over 10 m is 5 %.
    expect(figures.steepestSlope).toBeCloseTo(10);
  });

  it('finds the steepest stretch wherever it is, up or down', () => {
    expect(profileFigures([0, 5, 10, 15], [0, 0.1, 2.1, 2.2]).steepestSlope).toBeCloseTo(40);
    expect(profileFigures([0, 5, 10, 15], [5, 4.9, 1.9, 1.8]).steepestSlope).toBeCloseTo(60);
  });

  it('has no figures without heights, and no slope with one height', () => {
    expect(profileFigures([0, 1], [null, null])).toEqual({
      min: null,
      max: null,
      mean: null,
      ascent: null,
      descent: null,
      steepestSlope: null,
    });
    expect(profileFigures([0, 1], [null, 4])).toEqual({
      min: 4,
      max: 4,
      mean: 4,
      ascent: 0,
      descent: 0,
      steepestSlope: null,
    });
  });
});

describe('the difference of two profiles', () => {
  it('is the later minus the earlier, null where either has no height', () => {
    expect(differenceOf([1, 2, null, 4], [1.5, 1, 3, null])).toEqual([0.5, -1, null, null]);
  });

  it('gives the mean change, the largest rise and fall, and how many points are within the noise', () => {
    const figures = differenceFigures([0.1, -0.15, 0.8, -1.2, null, 0.19, 0.2]);
    expect(figures.meanChange).toBeCloseTo((0.1 - 0.15 + 0.8 - 1.2 + 0.19 + 0.2) / 6);
    expect(figures.largestRise).toBe(0.8);
    expect(figures.largestFall).toBe(-1.2);
    expect(figures.compared).toBe(6);
    // Under 0.2 m: 0.1, −0.15 and 0.19; 0.2 itself is a change.
    expect(figures.withinNoise).toBe(3);
  });

  it('has no rise when nothing rose, and no figures when nothing compares', () => {
    expect(differenceFigures([-0.5, -0.1])).toMatchObject({ largestRise: null, largestFall: -0.5 });
    expect(differenceFigures([null])).toEqual({
      meanChange: null,
      largestRise: null,
      largestFall: null,
      compared: 0,
      withinNoise: 0,
    });
  });
});
