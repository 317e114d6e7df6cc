import type { ElevationProfile, ElevationProfileResult, Layer, LayerSource } from '@geows/contract';

/** A line of the chart: its heights come from the server, or from the map in the browser. */
export type ProfileSeries = {
  title: string;
  color: string;
  /** Null until sampled (the browser's), or when the layer to sample is not shown. */
  heights: (number | null)[] | null;
  source: 'server' | 'terrain' | 'surface';
};

/** A `cesium-terrain` profile whose layer is not shown: the map has nothing to sample. */
export type HiddenTerrain = { title: string; layerName: string };

export type BrowserPlan = {
  /** The configured profiles, in order, each the server's answer or the map's terrain. */
  order: (
    | { source: 'server'; title: string; color: string }
    | { source: 'terrain'; title: string; color: string }
  )[];
  hidden: HiddenTerrain[];
  /** A "surface" line over the 3D Tiles the visitor shows. */
  surface: boolean;
};

const layersOf = (tree: readonly Layer[]): Layer[] =>
  tree.flatMap((layer) => [layer, ...layersOf(layer.layers)]);

/**
 * What the browser samples itself (RUNTIME.md, Profiles): a profile whose data source is
 * `cesium-terrain` is the terrain the map shows, so it needs one of that source's layers
 * ticked; the server leaves such profiles out of its answer. The surface (terrain and
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
    else if (layers.some((layer) => shown.has(layer.layer))) order.push({ source: 'terrain', title, color });
    else hidden.push({ title, layerName: names.get(layers[0]?.layer ?? 0) ?? '' });
  }
  const surface = sources.some((source) => source.key === '3dtiles' && shown.has(source.layer));
  return { order, hidden, surface };
}

/**
 * The chart's lines in the configured order: each server entry matched with the server's
 * next answer (the server answers its profiles in that order, leaving out those it
 * cannot sample, e.g. a source that is gone), the map's terrain in its place, the
 * surface last.
 */
export function mergeSeries(
  plan: BrowserPlan,
  server: readonly ElevationProfileResult[],
  browser: { terrain: (number | null)[] | null; surface: (number | null)[] | null },
  surfaceTitle: string,
): ProfileSeries[] {
  let next = 0;
  const series: ProfileSeries[] = [];
  for (const entry of plan.order) {
    if (entry.source === 'terrain') {
      series.push({ ...entry, heights: browser.terrain });
      continue;
    }
    const answer = server[next];
    if (answer && answer.title === entry.title && answer.color === entry.color) {
      series.push({ title: answer.title, color: answer.color, heights: answer.heights, source: 'server' });
      next += 1;
    }
  }
  // Answers the plan did not expect (the settings changed meanwhile) still show.
  for (const answer of server.slice(next))
    series.push({ title: answer.title, color: answer.color, heights: answer.heights, source: 'server' });
  if (plan.surface)
    series.push({ title: surfaceTitle, color: '#9c27b0', heights: browser.surface, source: 'surface' });
  return series;
}
