import type { LayerStatus, ViewerLayer } from './map-engine';

/** How an imagery layer's tile requests went so far. */
export type TileCounts = { ok: number; failed: number; lastError: string };

/**
 * An imagery layer is broken when its tiles fail and none has loaded: a single missing
 * tile of a working service (beyond its extent, a deep zoom level) does not count.
 */
export function imageryStatus(tiles: TileCounts): Omit<LayerStatus, 'id'> {
  if (tiles.ok > 0) return { state: 'ready' };
  if (tiles.failed > 0) {
    return { state: 'error', message: tiles.lastError || `${tiles.failed} tiles could not be loaded.` };
  }
  return { state: 'loading' };
}

/** What makes a layer a new one on the map: its kind, settings and style (not its visibility or opacity). */
export function layerKey(layer: ViewerLayer): string {
  const { opacity: _opacity, ...style } = layer.template;
  return `${layer.kind}:${JSON.stringify(layer.config)}:${JSON.stringify(style)}`;
}
