/** A scale bar: how long to draw it, and the round distance it stands for. */
export type ScaleBar = { width: number; metres: number };

/**
 * The longest round distance (1, 2 or 5 times a power of ten metres) whose bar fits in
 * `maxWidth` pixels at `metresPerPixel`; undefined when there is no usable scale.
 */
export function scaleBar(metresPerPixel: number | undefined, maxWidth: number): ScaleBar | undefined {
  if (metresPerPixel === undefined || !Number.isFinite(metresPerPixel) || metresPerPixel <= 0)
    return undefined;
  const longest = metresPerPixel * maxWidth;
  if (longest < 1) return undefined;
  const power = 10 ** Math.floor(Math.log10(longest));
  const step = [5, 2, 1].find((factor) => factor * power <= longest) ?? 1;
  const metres = step * power;
  return { width: Math.round(metres / metresPerPixel), metres };
}

/** "500 m", "20 km" in the reader's language. */
export function formatDistance(metres: number, locale: string): string {
  const kilometres = metres >= 1000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: kilometres ? 'kilometer' : 'meter',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(kilometres ? metres / 1000 : metres);
}
