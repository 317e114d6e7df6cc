import { type ProfileStats, profileStatsOf } from '@geows/contract';

/**
 * What the panel says of a profile: the API's figures (`profileStatsOf`, shared with the
 * server, so the browser's own profiles get the same ones), and the steepest slope, the
 * largest rise or fall per metre between neighbouring non-null heights.
 */
export type ProfileFigures = ProfileStats & {
  /** Percent (100 is 45°), always ≥ 0; null with fewer than two heights. */
  steepestSlope: number | null;
};

export function profileFigures(
  distances: readonly number[],
  heights: readonly (number | null)[],
): ProfileFigures {
  return { ...profileStatsOf(heights), steepestSlope: steepestSlope(distances, heights) };
}

function steepestSlope(distances: readonly number[], heights: readonly (number | null)[]): number | null {
  let steepest: number | null = null;
  let previous: { height: number; distance: number } | null = null;
  heights.forEach((height, index) => {
    if (height === null) return;
    const distance = distances[index] ?? 0;
    if (previous) {
      const run = distance - previous.distance;
      if (run > 0) steepest = Math.max(steepest ?? 0, (Math.abs(height - previous.height) / run) * 100);
    }
    previous = { height, distance };
  });
  return steepest;
}

/**
 * Below this a change between two surveys is within their noise: AHN's heights are
 * accurate to about 0.05–0.15 m each, so a difference under 0.2 m says nothing.
 */
export const surveyNoise = 0.2;

/** `later − earlier` at each point; null where either has no height. */
export function differenceOf(
  earlier: readonly (number | null)[],
  later: readonly (number | null)[],
): (number | null)[] {
  return earlier.map((before, index) => {
    const after = later[index];
    return before === null || after === null || after === undefined ? null : after - before;
  });
}

export type DifferenceFigures = {
  /** Mean of the differences (positive: higher now). */
  meanChange: number | null;
  /** The largest rise (≥ 0) and the largest fall (≤ 0), or null when there is none. */
  largestRise: number | null;
  largestFall: number | null;
  /** Points where both have a height, and how many of them differ by less than the survey noise. */
  compared: number;
  withinNoise: number;
};

export function differenceFigures(difference: readonly (number | null)[]): DifferenceFigures {
  const values = difference.filter((value): value is number => value !== null);
  const rises = values.filter((value) => value > 0);
  const falls = values.filter((value) => value < 0);
  return {
    meanChange: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
    largestRise: rises.length ? Math.max(...rises) : null,
    largestFall: falls.length ? Math.min(...falls) : null,
    compared: values.length,
    withinNoise: values.filter((value) => Math.abs(value) < surveyNoise).length,
  };
}

/** Whether a change is too small to tell from the surveys' noise. */
export const withinNoise = (change: number) => Math.abs(change) < surveyNoise;
