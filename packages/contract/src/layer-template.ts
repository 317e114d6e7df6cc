import { z } from 'zod';
import { jsonTooDeep, maxJsonDepth, nestsDeeperThan } from './fields.js';

/**
 * The style of a layer, stored as the JSON text of the layer's `template`
 * (docs/product.md, Data: "Layer"). The spec leaves its content open; these are the keys
 * the viewer understands. Unknown keys are refused, so that a typo gives an error on
 * that layer instead of being ignored.
 */

const cssColor = z
  .string()
  .max(64)
  .regex(
    /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([^)]{1,48}\)|[a-zA-Z]{3,20})$/,
    'Enter a CSS colour, e.g. "#ff6d00" or "rgba(255, 109, 0, 0.5)".',
  );

/** The symbols a point can be drawn as. */
export const pointSymbols = ['circle', 'square', 'triangle', 'diamond', 'star'] as const;
export type PointSymbol = (typeof pointSymbols)[number];

/** Bounds of a style: enough for a readable map and legend, small enough to draw at once. */
export const styleLimits = { categories: 100, ranges: 20, pointSize: { min: 4, max: 64 } } as const;

const attribute = z.string().min(1, 'Choose an attribute.').max(200);

const category = z
  .object({
    /** A feature whose attribute reads as this text gets the colour (numbers as written, e.g. "3"). */
    value: z.string().max(200),
    color: cssColor,
  })
  .strict();

const range = z
  .object({
    /** From `min` up to and including `max`; the first range that holds the value wins. */
    min: z.number(),
    max: z.number(),
    color: cssColor,
  })
  .strict()
  .refine((r) => r.min <= r.max, {
    message: 'A range’s min must not be greater than its max.',
    path: ['max'],
  });

/** Fills (and points) coloured by an attribute's value: unique values, or ranges of a number. */
const colorBy = z.discriminatedUnion(
  'by',
  [
    z
      .object({
        by: z.literal('category'),
        property: attribute,
        categories: z
          .array(category)
          .max(styleLimits.categories, `At most ${styleLimits.categories} categories.`)
          .refine((items) => new Set(items.map((item) => item.value)).size === items.length, {
            message: 'Each category value may appear once.',
          }),
      })
      .strict(),
    z
      .object({
        by: z.literal('range'),
        property: attribute,
        ranges: z.array(range).max(styleLimits.ranges, `At most ${styleLimits.ranges} ranges.`),
      })
      .strict(),
  ],
  { error: 'Set "by" to "category" or "range".' },
);
export type ColorBy = z.infer<typeof colorBy>;

/** The built-in imagery that ships with the product and needs no internet (Cesium's Natural Earth II). */
export const builtinLayers = ['natural-earth-ii'] as const;
export type BuiltinLayer = (typeof builtinLayers)[number];

export const layerTemplateSchema = z
  .object({
    /** A layer without a data source that draws built-in imagery (the offline base layer). */
    builtin: z.enum(builtinLayers).optional(),
    /** The sub-layer(s) of a WMS, WMTS or ArcGIS service, as inspect names them; overrides the source's. */
    layers: z.string().max(1000).optional(),
    /** Extra WMS GetMap parameters, e.g. {"styles": "default", "time": "2024"}. */
    parameters: z
      .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean()]))
      .optional(),
    /** 0 (transparent) … 1 (opaque). */
    opacity: z.number().min(0).max(1).optional(),
    /** Fill of polygons and points (GeoJSON, FeatureServer). */
    color: cssColor.optional(),
    /** Lines and polygon outlines. */
    outlineColor: cssColor.optional(),
    outlineWidth: z.number().min(0).max(50).optional(),
    /** Extrudes polygons by a numeric property (metres, times `scale`). */
    extrude: z
      .object({
        property: z.string().min(1).max(200),
        scale: z.number().positive().max(1_000_000).optional(),
      })
      .strict()
      .optional(),
    /** Points: the symbol and its size in pixels (default a circle of 10). */
    pointSymbol: z.enum(pointSymbols, { error: `Choose one of: ${pointSymbols.join(', ')}.` }).optional(),
    pointSize: z.number().min(styleLimits.pointSize.min).max(styleLimits.pointSize.max).optional(),
    /** Fills and points by an attribute's value; features that match none keep `color`. */
    colorBy: colorBy.optional(),
    /** Labels each feature with this property. */
    label: z.string().min(1).max(200).optional(),
    /** 3D Tiles: level of detail (lower draws more detail). */
    maximumScreenSpaceError: z.number().positive().max(256).optional(),
  })
  .strict();
export type LayerTemplate = z.infer<typeof layerTemplateSchema>;

/** The offline base layer every new workspace starts with. */
export const offlineBaseLayer = {
  name: 'Natural Earth II baseLayer',
  template: JSON.stringify({ builtin: 'natural-earth-ii' } satisfies LayerTemplate),
} as const;

export type TemplateParse = { ok: true; template: LayerTemplate } | { ok: false; message: string };

/** Reads a layer's template text; the message says what is wrong, for the layer's error in the tree. */
export function parseLayerTemplate(text: string): TemplateParse {
  if (text.trim() === '') return { ok: true, template: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The template is not valid JSON.' };
  }
  // Stored templates passed this check on their way in; it keeps the schema's walk short.
  if (nestsDeeperThan(value, maxJsonDepth)) return { ok: false, message: `Template: ${jsonTooDeep}` };
  const result = layerTemplateSchema.safeParse(value);
  if (result.success) return { ok: true, template: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, message: `Template ${where}${issue?.message ?? 'is not valid.'}` };
}
