import type { ProfileStats } from '@geows/contract';

/**
 * Min, max and mean of the non-null heights; ascent and descent the sums of the rises and
 * falls between consecutive non-null heights (a gap of nulls is bridged). All null when
 * there is no height at all.
 */
export function profileStatsOf(heights: readonly (number | null)[]): ProfileStats {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  let ascent = 0;
  let descent = 0;
  let previous: number | null = null;
  for (const height of heights) {
    if (height === null) continue;
    min = Math.min(min, height);
    max = Math.max(max, height);
    sum += height;
    count += 1;
    if (previous !== null) {
      if (height > previous) ascent += height - previous;
      else descent += previous - height;
    }
    previous = height;
  }
  if (count === 0) return { min: null, max: null, mean: null, ascent: null, descent: null };
  return { min, max, mean: sum / count, ascent, descent };
}
