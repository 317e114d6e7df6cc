/**
 * What colour each feature is drawn in, from its layer's template: plain CSS colours
 * and the feature's attributes, no Cesium (the legend and the style panel use it too).
 */

import type { ColorBy, LayerTemplate } from '@geows/contract';

/** The colours features are drawn in when their layer's template names none (CSS colours). */
export const defaultFeatureColours = {
  fill: 'rgba(255, 109, 0, 0.35)',
  outline: '#ff6d00',
} as const;

/** A point's size in pixels when the template names none. */
export const defaultPointSize = 10;

/** An attribute's value as a number, or undefined: null, '' and text that is no number are none. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** An attribute's value as a category: what the template's `value` compares to. */
export function categoryValue(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'object') return undefined;
  return String(value);
}

/** The colour `colorBy` gives a feature with these attributes, or undefined when no class holds it. */
export function classColour(colorBy: ColorBy, properties: Readonly<Record<string, unknown>> | undefined) {
  const value = properties?.[colorBy.property];
  if (colorBy.by === 'category') {
    const text = categoryValue(value);
    return text === undefined ? undefined : colorBy.categories.find((c) => c.value === text)?.color;
  }
  const number = numericValue(value);
  if (number === undefined) return undefined;
  return colorBy.ranges.find((r) => r.min <= number && number <= r.max)?.color;
}

/** The fill of a feature (polygon or point): its class's colour, else the layer's, else the default. */
export function featureFill(template: LayerTemplate, properties?: Readonly<Record<string, unknown>>) {
  const byClass = template.colorBy ? classColour(template.colorBy, properties) : undefined;
  return byClass ?? template.color ?? defaultFeatureColours.fill;
}

/** A range's text in a legend, e.g. "0 – 1,000". */
export function rangeLabel(range: { min: number; max: number }, locale?: string) {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return `${format.format(range.min)} – ${format.format(range.max)}`;
}
