import type { LayerTemplate, PointSymbol } from '@geows/contract';
import { defaultFeatureColours } from '../../viewer/feature-style';
import type { ViewerLayer } from '../../viewer/map-engine';
import { arcgisLegend, wmsLegendGraphics } from '../../viewer/map-services';

/**
 * What a layer's legend shows: the service's own legend images (WMS GetLegendGraphic),
 * the legend an ArcGIS map service describes (fetched as JSON), or swatches of the
 * colours the layer's template draws its features in.
 */
export type Legend =
  | { kind: 'images'; images: { title: string; url: string }[] }
  | { kind: 'arcgis'; url: string; layers?: readonly string[] }
  | ({ kind: 'swatch' } & FeatureSwatches);

/** A class of features the template colours alike: a category's value, or a range of numbers. */
export type LegendClass = { fill: string } & ({ value: string } | { min: number; max: number });

/**
 * The template's colours: the layer's fill and outline, and when it colours by an
 * attribute, a swatch per class (the layer's fill then stands for the features no class holds).
 */
export type FeatureSwatches = {
  fill: string;
  outline: string;
  symbol: PointSymbol;
  classes?: { property: string; items: LegendClass[] };
};

export function featureSwatches(template: LayerTemplate): FeatureSwatches {
  const swatches: FeatureSwatches = {
    fill: template.color ?? defaultFeatureColours.fill,
    outline: template.outlineColor ?? defaultFeatureColours.outline,
    symbol: template.pointSymbol ?? 'circle',
  };
  const { colorBy } = template;
  if (!colorBy) return swatches;
  const items: LegendClass[] =
    colorBy.by === 'category'
      ? colorBy.categories.map(({ value, color }) => ({ value, fill: color }))
      : colorBy.ranges.map(({ min, max, color }) => ({ min, max, fill: color }));
  return items.length > 0 ? { ...swatches, classes: { property: colorBy.property, items } } : swatches;
}

/** The layer's legend, or undefined when its kind has none (tiles, 3D Tiles, terrain, built-in imagery). */
export function legendOf(layer: ViewerLayer, base = 'http://localhost/'): Legend | undefined {
  switch (layer.kind) {
    case 'wms': {
      const images = wmsLegendGraphics(layer.config, layer.template, base);
      return images.length > 0 ? { kind: 'images', images } : undefined;
    }
    case 'arcgis-mapserver':
      return { kind: 'arcgis', ...arcgisLegend(layer.config, layer.template, base) };
    case 'geojson':
    case 'arcgis-featureserver':
      return { kind: 'swatch', ...featureSwatches(layer.template) };
    default:
      return undefined;
  }
}

/** One row of an ArcGIS map service's legend (GET …/MapServer/legend?f=json). */
export type ArcgisLegendRow = { layer: string; label: string; image: string };

/** The rows of an ArcGIS legend answer, for the given layer ids (all when none); images as data: URLs. */
export function arcgisLegendRows(answer: unknown, layers?: readonly string[]): ArcgisLegendRow[] {
  const body = answer as {
    layers?: {
      layerId?: number;
      layerName?: string;
      legend?: { label?: string; imageData?: string; contentType?: string }[];
    }[];
    error?: { message?: string };
  };
  if (body?.error) throw new Error(body.error.message ?? 'The service refused the legend.');
  const rows: ArcgisLegendRow[] = [];
  for (const entry of body?.layers ?? []) {
    if (layers && !layers.includes(String(entry.layerId))) continue;
    for (const item of entry.legend ?? []) {
      if (!item.imageData || !/^image\/(png|jpeg|gif)$/.test(item.contentType ?? '')) continue;
      // Only base64 characters: the image cannot break out of its data: URL.
      if (!/^[A-Za-z0-9+/=]+$/.test(item.imageData)) continue;
      rows.push({
        layer: entry.layerName ?? String(entry.layerId ?? ''),
        label: item.label ?? '',
        image: `data:${item.contentType};base64,${item.imageData}`,
      });
    }
  }
  return rows;
}
