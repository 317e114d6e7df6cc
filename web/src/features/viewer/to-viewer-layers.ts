import { type LayerSource, parseLayerTemplate } from '@geows/contract';
import { readViewerSource } from '../../viewer/layer-config';
import type { LayerStatus, ViewerLayer } from '../../viewer/map-engine';
import { type DrawnLayer, isBaseLayer } from './layer-tree';

/**
 * What the viewer knows of the sources: still loading, or the answer of GET
 * /api/layers/sources by layer id, `refreshing` while it is read again (a layer just added
 * has no source in the answer before yet).
 */
export type Sources =
  | { state: 'loading' }
  | { state: 'ready'; byLayer: ReadonlyMap<number, LayerSource>; refreshing?: boolean };

export type ViewerLayersResult = {
  layers: ViewerLayer[];
  /** Layers the map is not given, with why: their status in the tree. */
  problems: Record<string, LayerStatus>;
};

/**
 * The map's layers from the tree's drawn layers and their sources. A bad template, a
 * source that cannot be read, a kind the map cannot draw, or a source's config that does
 * not fit its type becomes an error of that layer only; the others draw.
 */
export function toViewerLayers(
  drawn: readonly DrawnLayer[],
  sources: Sources,
  messages: { unreadable: string; unsupported: string },
): ViewerLayersResult {
  const layers: ViewerLayer[] = [];
  const problems: Record<string, LayerStatus> = {};
  // Base layers lie under every other layer, wherever the tree lists them.
  const ordered = [
    ...drawn.filter((d) => !isBaseLayer(d.layer)),
    ...drawn.filter((d) => isBaseLayer(d.layer)),
  ];
  for (const { layer, shown } of ordered) {
    const id = String(layer.id);
    const parsed = parseLayerTemplate(layer.template);
    if (!parsed.ok) {
      problems[id] = { id, state: 'error', message: parsed.message };
      continue;
    }
    const { template } = parsed;
    const display = { id, visible: shown, opacity: template.opacity ?? 1, template };
    if (layer.data_source === null) {
      // A layer without a source draws only built-in imagery; otherwise it is a label in the tree.
      if (template.builtin)
        layers.push({ ...display, kind: 'builtin', config: { builtin: template.builtin } });
      continue;
    }
    if (sources.state === 'loading') {
      problems[id] = { id, state: 'loading' };
      continue;
    }
    const source = sources.byLayer.get(layer.id);
    if (!source) {
      problems[id] = sources.refreshing
        ? { id, state: 'loading' }
        : { id, state: 'error', message: messages.unreadable };
      continue;
    }
    const read = readViewerSource(source.key, source.config);
    if (!read.ok) {
      problems[id] = { id, state: 'error', message: read.unsupported ? messages.unsupported : read.message };
      continue;
    }
    layers.push({ ...display, ...read.source });
  }
  return { layers, problems };
}
