/** Heights and lengths as the panel writes them, in the interface's language. */

export const formatMetres = (value: number | null, language: string, digits = 1): string =>
  value === null
    ? '–'
    : `${new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} m`;

/** A change with its sign: "+0.4 m", "−1.2 m". */
export const formatChange = (value: number | null, language: string): string =>
  value === null
    ? '–'
    : `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value)} m`;

export const formatLength = (metres: number, language: string): string =>
  metres >= 1000
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(metres / 1000)} km`
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(metres)} m`;

export const formatPercent = (value: number | null, language: string): string =>
  value === null ? '–' : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} %`;
