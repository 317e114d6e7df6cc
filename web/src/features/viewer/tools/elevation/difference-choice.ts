import type { HeightReference } from './profile-series';

type Measured = { reference: HeightReference };

/**
 * Which two lines the difference subtracts. Only lines measured from the same height
 * may be: the server's heights above sea level and the map's above the ellipsoid differ
 * by tens of metres that no survey measured. `earlier` and `later` are the visitor's
 * picks (indexes of `series`); a pick that no longer fits falls back to the first that does.
 */
export function differenceChoice(
  series: readonly Measured[],
  earlier: number,
  later: number,
): { from: number; to: number } | null {
  const earlierOptions = earlierChoices(series);
  const from = earlierOptions.includes(earlier) ? earlier : earlierOptions[0];
  if (from === undefined) return null;
  const laterOptions = laterChoices(series, from);
  const to = laterOptions.includes(later) ? later : laterOptions[0];
  return to === undefined ? null : { from, to };
}

/** The lines that have another of the same reference to be compared with. */
export const earlierChoices = (series: readonly Measured[]): number[] =>
  indexesWhere(series, (s) => series.filter((other) => other.reference === s.reference).length >= 2);

/** The lines the one at `from` may be subtracted from. */
export const laterChoices = (series: readonly Measured[], from: number): number[] =>
  indexesWhere(series, (s, index) => index !== from && s.reference === series[from]?.reference);

const indexesWhere = <T>(list: readonly T[], keep: (item: T, index: number) => boolean): number[] =>
  list.flatMap((item, index) => (keep(item, index) ? [index] : []));
