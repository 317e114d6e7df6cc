/**
 * Lengths, heights and areas as the tools write them, in the interface's language
 * ("1,234.5 m", "1.234,5 m"): one rule, so a distance measured and a profile's length
 * read alike.
 */

const number = (value: number, language: string, digits: number, options: Intl.NumberFormatOptions = {}) =>
  new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...options,
  }).format(value);

/** Centimetres below 100 m, decimetres below 1 km, then kilometres to the metre (or to 10 m past 100 km). */
export function formatLength(metres: number, language: string): string {
  if (metres < 100) return `${number(metres, language, 2)} m`;
  if (metres < 1000) return `${number(metres, language, 1)} m`;
  return `${number(metres / 1000, language, metres < 100_000 ? 3 : 2)} km`;
}

/** A height, a climb or a descent, to the decimetre unless told: "12.4 m". */
export function formatHeight(metres: number, language: string, digits = 1): string {
  return `${number(metres, language, digits)} m`;
}

/** A height difference with its sign: "+12.4 m", "−3.0 m". */
export function formatHeightChange(metres: number, language: string, digits = 1): string {
  return `${number(metres, language, digits, { signDisplay: 'exceptZero' })} m`;
}

/** Square metres below 1 ha, hectares below 1 km², then square kilometres. */
export function formatArea(squareMetres: number, language: string): string {
  if (squareMetres < 10_000) return `${number(squareMetres, language, squareMetres < 100 ? 2 : 1)} m²`;
  if (squareMetres < 1_000_000) return `${number(squareMetres / 10_000, language, 2)} ha`;
  return `${number(squareMetres / 1_000_000, language, 3)} km²`;
}
