/**
 * Heights and lengths as the panel writes them, in the interface's language: the tools'
 * one rule (../units.ts), with a dash where a profile has no height.
 */

import { formatHeight, formatHeightChange } from '../units';

export { formatLength } from '../units';

export const formatMetres = (value: number | null, language: string, digits = 1): string =>
  value === null ? '–' : formatHeight(value, language, digits);

/** A change with its sign: "+0.40 m", "−1.20 m". */
export const formatChange = (value: number | null, language: string): string =>
  value === null ? '–' : formatHeightChange(value, language, 2);

export const formatPercent = (value: number | null, language: string): string =>
  value === null ? '–' : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} %`;
