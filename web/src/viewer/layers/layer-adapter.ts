/**
 * How the map draws a kind of layer: an adapter per family of kinds (imagery, 3D Tiles,
 * features, terrain) adds a layer to the Cesium map and answers a handle the engine
 * drives. The engine knows no kind; an adapter knows no other layer.
 */

import {
  type BoundingSphere,
  type CesiumWidget,
  type Rectangle,
  type Scene,
  SplitDirection,
  type TerrainProvider,
} from 'cesium';
import type { LayerKind, LayerStatus, SplitSide, ViewerLayer, ViewerLayerOf } from '../map-engine';

/** What an adapter may use of the map, for one layer. */
export type LayerContext = {
  viewer: CesiumWidget;
  scene: Scene;
  /** The layer's status (repeats are dropped; ignored once the layer is gone). */
  report(status: Omit<LayerStatus, 'id'>): void;
  /** False once the layer was removed or the map destroyed: what loads after that is thrown away. */
  active(): boolean;
  /** Something the engine weighs across layers (the terrain, the order) changed after a late load. */
  changed(): void;
};

/** One layer on the map, as the engine drives it. */
export type LayerHandle = {
  show(visible: boolean): void;
  /** 0…1. */
  setOpacity(opacity: number): void;
  /** Where the layer lies, once loaded (the engine frames it when asked to zoom to the layer). */
  extent(): BoundingSphere | Rectangle | undefined;
  /** Whether a Cesium object found by a pick (an imagery layer, an entity, a tileset) is this layer's. */
  owns(picked: unknown): boolean;
  /** Puts it above the others of its family (imagery, features); the engine calls it from the bottom layer up. */
  raiseToTop(): void;
  /** The terrain it shapes the globe with, while it is loaded and shown. */
  terrain(): TerrainProvider | undefined;
  /** What it still draws that an idle map must wait for (a tileset's tiles), or undefined. */
  pending(): string | undefined;
  /** Draws only on that side of the compare divider (`both`: everywhere); asked for before a late load too. */
  setSplit(side: SplitSide): void;
  remove(): void;
};

/** Cesium's name for a side of the divider (`scene.splitPosition`). */
export const splitDirection = (side: SplitSide): SplitDirection =>
  side === 'left' ? SplitDirection.LEFT : side === 'right' ? SplitDirection.RIGHT : SplitDirection.NONE;

/**
 * A handle with what a kind does not do left as nothing: a new engine method (a split
 * side, a clipping plane) gets its default here, and only the kinds that draw it change.
 */
export function layerHandle(parts: Pick<LayerHandle, 'show' | 'remove'> & Partial<LayerHandle>): LayerHandle {
  return {
    setOpacity: () => undefined,
    extent: () => undefined,
    owns: () => false,
    raiseToTop: () => undefined,
    terrain: () => undefined,
    pending: () => undefined,
    // Terrain shapes both sides alike: Cesium splits imagery, tilesets and points only.
    setSplit: () => undefined,
    ...parts,
  };
}

/** For a layer whose adapter failed: nothing on the map to drive. */
export const emptyHandle = (): LayerHandle => layerHandle({ show: () => undefined, remove: () => undefined });

export type LayerAdapter<K extends LayerKind = LayerKind> = {
  kinds: readonly K[];
  /** Adds the layer to the map (it may load later and report its status then). */
  add(context: LayerContext, layer: ViewerLayer): LayerHandle;
};

const isOneOf = <K extends LayerKind>(kinds: readonly K[], layer: ViewerLayer): layer is ViewerLayerOf<K> =>
  kinds.some((kind) => kind === layer.kind);

/** The adapter of `kinds`: `add` sees a layer of one of them, with that kind's config. */
export function defineAdapter<K extends LayerKind>(
  kinds: readonly K[],
  add: (context: LayerContext, layer: ViewerLayerOf<K>) => LayerHandle,
): LayerAdapter<K> {
  return {
    kinds,
    add(context, layer) {
      if (!isOneOf(kinds, layer)) throw new Error(`This adapter does not draw ${layer.kind} layers.`);
      return add(context, layer);
    },
  };
}
