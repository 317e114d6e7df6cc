/**
 * The workspace's layers on the map: added, changed, ordered and removed as `setLayers`
 * asks, each drawn by the adapter of its kind (layers/) and with its status. A layer
 * whose adapter throws is that layer's error only.
 */

import { type CesiumWidget, EllipsoidTerrainProvider, type ImageryLayer } from 'cesium';
import { errorMessage } from './error-message';
import { layerKey } from './layer-status';
import { adapterFor } from './layers/adapters';
import { emptyHandle, type LayerContext, type LayerHandle } from './layers/layer-adapter';
import type { LayerStatus, SplitSide, ViewerLayer } from './map-engine';

/** What is on the map for one layer. */
export type MapLayer = {
  layer: ViewerLayer;
  /** What makes it a new layer when it changes (layer-status.ts). */
  key: string;
  status: LayerStatus;
  handle: LayerHandle;
  removed: boolean;
};

export type MapLayers = ReturnType<typeof createMapLayers>;

/** `fallbackBase`: the globe's own imagery, shown only while no layer is the built-in imagery. */
export function createMapLayers(viewer: CesiumWidget, fallbackBase: ImageryLayer) {
  const scene = viewer.scene;
  const entries = new Map<string, MapLayer>();
  const statusListeners = new Set<(status: LayerStatus) => void>();
  let destroyed = false;
  /** The ids of the layers `set` was given, first on top. */
  let order: string[] = [];
  /**
   * Raises each layer above the ones below it, from the bottom up: imagery among imagery,
   * and features among features — Cesium draws ground shapes in the order of their data
   * sources, so a layer loaded late would otherwise lie on top of all.
   */
  const applyOrder = () => {
    for (const id of [...order].reverse()) entries.get(id)?.handle.raiseToTop();
  };
  // Without the divider every layer draws on both sides, whatever its `split`.
  let splitOn = false;
  const sideOf = (entry: MapLayer): SplitSide => (splitOn ? (entry.layer.split ?? 'both') : 'both');

  const report = (entry: MapLayer, status: Omit<LayerStatus, 'id'>) => {
    if (entry.removed || destroyed) return;
    if (entry.status.state === status.state && entry.status.message === status.message) return;
    entry.status = { id: entry.layer.id, ...status };
    for (const listener of statusListeners) listener(entry.status);
    scene.requestRender();
  };

  /** The first visible terrain layer shapes the globe; none: the plain ellipsoid. */
  const applyTerrain = () => {
    let terrain: ReturnType<LayerHandle['terrain']>;
    for (const entry of entries.values()) terrain ??= entry.handle.terrain();
    const next = terrain ?? new EllipsoidTerrainProvider();
    if (terrain || !(scene.terrainProvider instanceof EllipsoidTerrainProvider)) scene.terrainProvider = next;
  };

  /** The built-in base shows under everything only while the workspace has no built-in layer of its own. */
  const applyFallbackBase = () => {
    fallbackBase.show = ![...entries.values()].some((entry) => entry.layer.kind === 'builtin');
  };

  const add = (layer: ViewerLayer, key: string): MapLayer => {
    const entry: MapLayer = {
      layer,
      key,
      status: { id: layer.id, state: 'loading' },
      handle: emptyHandle(),
      removed: false,
    };
    entries.set(layer.id, entry);
    for (const listener of statusListeners) listener(entry.status);
    const context: LayerContext = {
      viewer,
      scene,
      report: (status) => report(entry, status),
      active: () => !entry.removed && !destroyed,
      changed: () => {
        applyTerrain();
        applyOrder();
        scene.requestRender();
      },
    };
    const adapter = adapterFor(layer.kind);
    try {
      if (adapter) entry.handle = adapter.add(context, layer);
      else report(entry, { state: 'error', message: `Unsupported layer kind: ${layer.kind}` });
    } catch (error) {
      report(entry, { state: 'error', message: errorMessage(error) });
    }
    return entry;
  };

  const remove = (entry: MapLayer) => {
    entry.removed = true;
    entry.handle.remove();
  };

  return {
    /** The layers to show, first on top; the others are removed. */
    set(layers: readonly ViewerLayer[]) {
      const wanted = new Set(layers.map((l) => l.id));
      for (const [id, entry] of entries) {
        if (!wanted.has(id)) {
          remove(entry);
          entries.delete(id);
        }
      }
      for (const layer of layers) {
        const key = layerKey(layer);
        let entry = entries.get(layer.id);
        if (entry && entry.key !== key) {
          remove(entry);
          entry = undefined;
        }
        entry ??= add(layer, key);
        entry.layer = layer;
        entry.handle.show(layer.visible);
        entry.handle.setOpacity(layer.opacity);
        entry.handle.setSplit(sideOf(entry));
      }
      // The first layer of the list lies on top.
      order = layers.map((layer) => layer.id);
      applyOrder();
      applyTerrain();
      applyFallbackBase();
      scene.requestRender();
    },

    /** Where the layer lies, once it has loaded. */
    extentOf: (id: string) => entries.get(id)?.handle.extent(),

    /** Turns the compare divider on (layers draw on their `split` side) or off (all on both). */
    setSplitOn(on: boolean) {
      splitOn = on;
      for (const entry of entries.values()) entry.handle.setSplit(sideOf(entry));
    },

    /** The side of the divider the layer draws on now. */
    sideOf,

    /** The layer a picked Cesium object (an entity, an imagery layer) belongs to. */
    ownerOf(picked: unknown): MapLayer | undefined {
      for (const entry of entries.values()) if (entry.handle.owns(picked)) return entry;
      return undefined;
    },

    all: (): MapLayer[] => [...entries.values()],

    /** The layer's own terrain, while it is loaded and shown (the globe may show another). */
    terrainOf: (id: string) => entries.get(id)?.handle.terrain(),

    /** The layer's status now, or undefined when it is not on the map. */
    statusOf: (id: string): LayerStatus | undefined => entries.get(id)?.status,

    /** Every status change, after the status of each layer now; answers the unsubscribe. */
    onStatus(callback: (status: LayerStatus) => void) {
      statusListeners.add(callback);
      for (const entry of entries.values()) callback(entry.status);
      return () => {
        statusListeners.delete(callback);
      };
    },

    /** The map is going away with everything on it: nothing more is reported. */
    destroy() {
      destroyed = true;
      statusListeners.clear();
      for (const entry of entries.values()) entry.removed = true;
      entries.clear();
    },
  };
}
