import { defaultFeatureColours } from '../../viewer/feature-style';
import type { ViewerLayer } from '../../viewer/map-engine';

/**
 * What a layer's legend shows: the service's own legend images (WMS GetLegendGraphic),
 * the legend an ArcGIS map service describes (fetched as JSON), or swatches of the
 * colours the layer's template draws its features in.
 */
export type Legend =
  | { kind: 'images'; images: { title: string; url: string }[] }
  | { kind: 'arcgis'; url: string; layers?: readonly string[] }
  | { kind: 'swatch'; fill: string; outline: string };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The layer names of a comma-separated list (WMS `layers`, ArcGIS `show:1,2` or `1,2`). */
const names = (value: string | undefined) =>
  (value ?? '')
    .replace(/^\w+:/, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The address with these query parameters set, keeping the others (a proxied or relative address too). */
function withQuery(url: string, parameters: Record<string, string>, base: string): string {
  const address = new URL(url, base);
  for (const [key, value] of Object.entries(parameters)) address.searchParams.set(key, value);
  // Relative addresses (this server's proxy) stay relative.
  return /^[a-z][\w+.-]*:/i.test(url) ? address.href : `${address.pathname}${address.search}`;
}

/** The layer's legend, or undefined when its kind has none (tiles, 3D Tiles, terrain, built-in imagery). */
export function legendOf(layer: ViewerLayer, base = 'http://localhost/'): Legend | undefined {
  const url = text(layer.config.url);
  switch (layer.kind) {
    case 'wms': {
      if (!url) return undefined;
      const version = text(layer.config.version) ?? '1.3.0';
      const layers = names(layer.template.layers ?? text(layer.config.layers));
      if (layers.length === 0) return undefined;
      return {
        kind: 'images',
        images: layers.map((name) => ({
          title: name,
          url: withQuery(
            url,
            {
              SERVICE: 'WMS',
              REQUEST: 'GetLegendGraphic',
              VERSION: version,
              FORMAT: 'image/png',
              LAYER: name,
              // Old servers ask for it; an empty style is the layer's default.
              STYLE: '',
              SLD_VERSION: '1.1.0',
            },
            base,
          ),
        })),
      };
    }
    case 'arcgis-mapserver': {
      if (!url) return undefined;
      const token = text(layer.config.token);
      const legendUrl = withQuery(
        `${url.split('?')[0]?.replace(/\/+$/, '')}/legend`,
        { f: 'json', ...(token ? { token } : {}) },
        base,
      );
      const layers = names(layer.template.layers ?? text(layer.config.layers));
      return { kind: 'arcgis', url: legendUrl, ...(layers.length ? { layers } : {}) };
    }
    case 'geojson':
    case 'arcgis-featureserver':
      return {
        kind: 'swatch',
        fill: layer.template.color ?? defaultFeatureColours.fill,
        outline: layer.template.outlineColor ?? defaultFeatureColours.outline,
      };
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
