import type { ElevationProfile, ElevationProfileResult, Layer, LayerSource } from '@geows/contract';

/**
 * What a height is measured from. The server's sources (AHN, a WCS, a GeoTIFF) answer
 * heights above their vertical datum: NAP for AHN, roughly mean sea level. The map
 * measures above the WGS84 ellipsoid, some 40 m higher in the Netherlands: the two are
 * never subtracted from each other.
 */
export type HeightReference = 'sea' | 'ellipsoid';

/** A line of the chart: its heights come from the server, or from the map in the browser. */
export type ProfileSeries = {
  title: string;
  color: string;
  /** Null until sampled (the browser's), or when the layer to sample is not shown. */
  heights: (number | null)[] | null;
  source: 'server' | 'terrain' | 'surface';
  reference: HeightReference;
};

export const referenceOf = (source: ProfileSeries['source']): HeightReference =>
  source === 'server' ? 'sea' : 'ellipsoid';

/** A `cesium-terrain` profile whose layer is not shown: the map has nothing to sample. */
export type HiddenTerrain = { title: string; layerName: string };

export type BrowserPlan = {
  /**
   * The configured profiles, in order, each the server's answer or the terrain of its own
   * layer (the map's id of a ticked layer of the profile's source).
   */
  order: (
    | { source: 'server'; title: string; color: string }
    | { source: 'terrain'; title: string; color: string; layer: string }
  )[];
  hidden: HiddenTerrain[];
  /** A "surface" line over the 3D Tiles the visitor shows. */
  surface: boolean;
};

/** What the map measured along the line: the heights of each terrain layer by its id, and of the surface. */
export type BrowserHeights = {
  layers: Readonly<Record<string, (number | null)[]>>;
  surface: (number | null)[] | null;
};

const layersOf = (tree: readonly Layer[]): Layer[] =>
  tree.flatMap((layer) => [layer, ...layersOf(layer.layers)]);

/**
 * What the browser samples itself (RUNTIME.md, Profiles): a profile whose data source is
 * `cesium-terrain` is measured on the terrain of one of that source's layers, so it needs
 * one of them ticked (the map loads a terrain only while shown); each such profile reads
 * its own layer, not the one the globe happens to show, so two terrains can be compared.
 * The server leaves such profiles out of its answer. The surface (terrain and
 * 3D Tiles together) is offered while a 3D Tiles layer is ticked.
 */
export function planProfiles(
  profiles: readonly ElevationProfile[],
  sources: readonly LayerSource[],
  tree: readonly Layer[],
  visible: readonly number[],
): BrowserPlan {
  const shown = new Set(visible);
  const terrainLayers = (datasource: number) =>
    sources.filter((source) => source.data_source === datasource && source.key === 'cesium-terrain');
  const names = new Map(layersOf(tree).map((layer) => [layer.id, layer.name]));
  const hidden: HiddenTerrain[] = [];
  const order: BrowserPlan['order'] = [];
  for (const { title, color, datasource } of profiles) {
    const layers = datasource === null ? [] : terrainLayers(datasource);
    if (layers.length === 0) order.push({ source: 'server', title, color });
    else {
      const ticked = layers.find((layer) => shown.has(layer.layer));
      if (ticked) order.push({ source: 'terrain', title, color, layer: String(ticked.layer) });
      else hidden.push({ title, layerName: names.get(layers[0]?.layer ?? 0) ?? '' });
    }
  }
  const surface = sources.some((source) => source.key === '3dtiles' && shown.has(source.layer));
  return { order, hidden, surface };
}

/** The terrain layers to sample, each once however many profiles read it. */
export const terrainLayersOf = (plan: BrowserPlan): string[] => [
  ...new Set(plan.order.flatMap((entry) => (entry.source === 'terrain' ? [entry.layer] : []))),
];

/**
 * The chart's lines in the configured order: each server entry matched with the server's
 * next answer (the server answers its profiles in that order, leaving out those it
 * cannot sample, e.g. a source that is gone), each terrain profile with its layer's
 * heights in its place, the surface last.
 */
export function mergeSeries(
  plan: BrowserPlan,
  server: readonly ElevationProfileResult[],
  browser: BrowserHeights | undefined,
  surfaceTitle: string,
): ProfileSeries[] {
  let next = 0;
  const series: ProfileSeries[] = [];
  const fromServer = (answer: ElevationProfileResult): ProfileSeries => ({
    title: answer.title,
    color: answer.color,
    heights: answer.heights,
    source: 'server',
    reference: referenceOf('server'),
  });
  for (const entry of plan.order) {
    if (entry.source === 'terrain') {
      const { title, color, source, layer } = entry;
      series.push({
        title,
        color,
        source,
        reference: referenceOf(source),
        heights: browser?.layers[layer] ?? null,
      });
      continue;
    }
    const answer = server[next];
    if (answer && answer.title === entry.title && answer.color === entry.color) {
      series.push(fromServer(answer));
      next += 1;
    }
  }
  // Answers the plan did not expect (the settings changed meanwhile) still show.
  for (const answer of server.slice(next)) series.push(fromServer(answer));
  if (plan.surface)
    series.push({
      title: surfaceTitle,
      color: '#9c27b0',
      heights: browser?.surface ?? null,
      source: 'surface',
      reference: referenceOf('surface'),
    });
  return series;
}
