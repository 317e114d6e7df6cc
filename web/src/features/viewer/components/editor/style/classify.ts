/**
 * Classes for colouring features by an attribute: its unique values, or class breaks of
 * a number (equal intervals or quantiles), and the colours given to them.
 */

import { categoryValue, numericValue } from '../../../../../viewer/feature-style';

export type Attributes = Readonly<Record<string, unknown>>;

/** The attribute names of the features, in the order first seen. */
export function attributeNames(rows: readonly Attributes[]): string[] {
  const names = new Set<string>();
  for (const row of rows.slice(0, 1000)) for (const name of Object.keys(row)) names.add(name);
  return [...names];
}

/** The distinct values of an attribute, sorted (numbers by value), at most `limit` of them. */
export function uniqueValues(rows: readonly Attributes[], property: string, limit: number) {
  const values = new Set<string>();
  for (const row of rows) {
    const value = categoryValue(row[property]);
    if (value !== undefined) values.add(value);
  }
  const sorted = [...values].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return { values: sorted.slice(0, limit), total: sorted.length };
}

/** The numbers an attribute holds (text that reads as a number counts). */
export const numbersOf = (rows: readonly Attributes[], property: string) =>
  rows.map((row) => numericValue(row[property])).filter((n): n is number => n !== undefined);

export const classMethods = ['equal-interval', 'quantile'] as const;
export type ClassMethod = (typeof classMethods)[number];

/** Six significant digits: breaks readable in the legend, the outer bounds kept exact. */
const tidy = (n: number) => Number(n.toPrecision(6));

/**
 * Ranges that cover every value, each from the previous one's max: `classes` of equal
 * width, or each holding about as many features (quantiles; fewer when values repeat).
 */
export function classBreaks(values: readonly number[], method: ClassMethod, classes: number) {
  if (values.length === 0 || classes < 1) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const min = sorted[0] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  if (min === max) return [{ min, max }];
  const inner: number[] = [];
  for (let i = 1; i < classes; i++) {
    const edge =
      method === 'equal-interval'
        ? min + ((max - min) * i) / classes
        : (sorted[Math.floor((sorted.length * i) / classes)] ?? max);
    inner.push(tidy(edge));
  }
  const edges = [min, ...inner, max].filter((edge, i, all) => i === 0 || edge > (all[i - 1] ?? edge));
  return edges.slice(1).map((edge, i) => ({ min: edges[i] ?? min, max: edge }));
}

/** Colour ramps from light to dark (ColorBrewer's sequential schemes' ends, and viridis). */
export const colourRamps = {
  reds: ['#fee5d9', '#a50f15'],
  blues: ['#deebf7', '#08519c'],
  greens: ['#e5f5e0', '#006d2c'],
  purples: ['#efedf5', '#54278f'],
  viridis: ['#fde725', '#21918c', '#440154'],
} as const;
export type ColourRamp = keyof typeof colourRamps;

const channels = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** `count` colours evenly along the ramp, as `#rrggbb`. */
export function rampColours(ramp: ColourRamp, count: number): string[] {
  const stops = colourRamps[ramp].map(channels);
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 1 : i / (count - 1);
    const at = t * (stops.length - 1);
    const from = stops[Math.floor(at)] ?? [0, 0, 0];
    const to = stops[Math.min(Math.floor(at) + 1, stops.length - 1)] ?? from;
    const f = at - Math.floor(at);
    const mixed = from.map((c, k) => Math.round(c + ((to[k] ?? c) - c) * f));
    return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  });
}

/** Distinct colours for categories (Tableau 10), repeated when there are more. */
const palette = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];
export const categoryColour = (index: number) => palette[index % palette.length] ?? '#4e79a7';
