/** Terrain (quantized-mesh): shapes the globe while shown; the engine picks which terrain wins. */

import { CesiumTerrainProvider } from 'cesium';
import { errorMessage } from '../error-message';
import { defineAdapter, layerHandle } from './layer-adapter';

export const terrainAdapter = defineAdapter(['cesium-terrain'], (context, layer) => {
  let terrain: CesiumTerrainProvider | undefined;
  let visible = layer.visible;
  CesiumTerrainProvider.fromUrl(layer.config.url, {
    requestVertexNormals: layer.config.requestVertexNormals,
  }).then(
    (loaded) => {
      if (!context.active()) return;
      terrain = loaded;
      context.changed();
      context.report({ state: 'ready' });
    },
    (error: unknown) => context.report({ state: 'error', message: errorMessage(error) }),
  );
  return layerHandle({
    show: (shown) => {
      visible = shown;
    },
    terrain: () => (visible ? terrain : undefined),
    remove: () => {
      terrain = undefined;
    },
  });
});
