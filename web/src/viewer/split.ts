/**
 * The compare divider on the map (RUNTIME.md `splitPanel`): Cesium draws each layer left
 * of `scene.splitPosition`, right of it or on both sides, as its `split` says. The
 * divider itself is a DOM element of the split tool, above the canvas, so that dragging
 * it never reaches the map's own pointer handling.
 */

import type { CesiumWidget } from 'cesium';
import type { MapLayers } from './map-layers';

export type MapSplit = {
  /** 0…1 from the map's left edge; undefined: no divider, every layer on both sides. */
  setPosition(position: number | undefined): void;
  destroy(): void;
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));

export function createSplit(viewer: CesiumWidget, layers: MapLayers): MapSplit {
  const scene = viewer.scene;
  let destroyed = false;
  return {
    setPosition(position) {
      if (destroyed || viewer.isDestroyed()) return;
      const on = position !== undefined && Number.isFinite(position);
      // Cesium's default is 0, which would hide every left-side layer.
      scene.splitPosition = on ? clamp(position) : 0.5;
      layers.setSplitOn(on);
      scene.requestRender();
    },
    destroy() {
      destroyed = true;
    },
  };
}
