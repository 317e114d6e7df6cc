import { datasourceTypeById } from '@geows/contract';
import { type LayerKind, type LayerStatus, layerKinds, type ViewerLayer } from '../../viewer/map-engine';
import type { DrawnLayer } from './layer-tree';

/** What the viewer knows of a layer's data source: its type and config, or why it cannot be read. */
export type SourceInfo =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; type: number; config: Record<string, unknown> };

export type ViewerLayersResult = {
  layers: ViewerLayer[];
  /** Layers the map is not given, with why: their status in the tree. */
  problems: Record<string, LayerStatus>;
};

/**
 * The map's layers from the tree's drawn layers and their sources. A source that cannot
 * be read, or a kind the map cannot draw, becomes an error of that layer only.
 */
export function toViewerLayers(
  drawn: readonly DrawnLayer[],
  sources: (id: number) => SourceInfo,
  messages: { unreadable: string; unsupported: string },
  loadFeatures: (dataSource: number) => () => Promise<object>,
): ViewerLayersResult {
  const layers: ViewerLayer[] = [];
  const problems: Record<string, LayerStatus> = {};
  for (const { layer, dataSource, shown } of drawn) {
    const id = String(layer.id);
    const source = sources(dataSource);
    if (source.state === 'loading') {
      problems[id] = { id, state: 'loading' };
      continue;
    }
    if (source.state === 'error') {
      problems[id] = { id, state: 'error', message: messages.unreadable };
      continue;
    }
    const key = datasourceTypeById(source.type)?.key;
    if (!key || !(layerKinds as readonly string[]).includes(key)) {
      problems[id] = { id, state: 'error', message: messages.unsupported };
      continue;
    }
    const kind = key as LayerKind;
    const uploaded = kind === 'geojson' && typeof source.config.uploaded === 'string';
    layers.push({
      id,
      kind,
      config: source.config,
      ...(uploaded ? { loadData: loadFeatures(dataSource) } : {}),
      visible: shown,
      opacity: 1,
    });
  }
  return { layers, problems };
}
