/**
 * CSS colours as the style panel edits them: a colour picker's `#rrggbb` and an opacity.
 * The template keeps any CSS colour; the panel writes `#rrggbb` when opaque and
 * `rgba(r, g, b, a)` otherwise.
 */

export type PanelColour = { hex: string; alpha: number };

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** A few names people type; others (and hsl) show as the picker's fallback until changed. */
const named: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  gray: '#808080',
  grey: '#808080',
};

/** Reads `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and a few names; undefined otherwise. */
export function readColour(css: string | undefined): PanelColour | undefined {
  if (!css) return undefined;
  const text = (named[css.trim().toLowerCase()] ?? css).trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])([0-9a-f])?$/i.exec(text);
  if (short) {
    const [r, g, b, a] = short.slice(1).map((d) => (d === undefined ? undefined : `${d}${d}`));
    return { hex: `#${r}${g}${b}`.toLowerCase(), alpha: a ? Number.parseInt(a, 16) / 255 : 1 };
  }
  const long = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(text);
  if (long?.[1])
    return { hex: `#${long[1]}`.toLowerCase(), alpha: long[2] ? Number.parseInt(long[2], 16) / 255 : 1 };
  const rgb = /^rgba?\(\s*([^)]*)\)$/i.exec(text);
  if (!rgb?.[1]) return undefined;
  const parts = rgb[1].split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return undefined;
  const channel = (part: string) =>
    part.endsWith('%') ? (Number.parseFloat(part) * 255) / 100 : Number(part);
  const [r, g, b] = parts.slice(0, 3).map(channel);
  const alphaPart = parts[3];
  const alpha =
    alphaPart === undefined
      ? 1
      : alphaPart.endsWith('%')
        ? Number.parseFloat(alphaPart) / 100
        : Number(alphaPart);
  if ([r, g, b, alpha].some((n) => n === undefined || !Number.isFinite(n))) return undefined;
  return { hex: `#${hex2(r ?? 0)}${hex2(g ?? 0)}${hex2(b ?? 0)}`, alpha: clamp01(alpha) };
}

/** The CSS the template stores for a picked colour and opacity. */
export function writeColour({ hex, alpha }: PanelColour): string {
  const a = Math.round(clamp01(alpha) * 100) / 100;
  if (a === 1) return hex.toLowerCase();
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

/** The same colour at another opacity. */
export const withAlpha = (css: string, alpha: number, fallback: PanelColour) =>
  writeColour({ ...(readColour(css) ?? fallback), alpha });
