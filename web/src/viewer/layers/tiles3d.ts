/** 3D Tiles: a tileset among the scene's primitives, faded by a style. */

import { Cesium3DTileStyle, Cesium3DTileset } from 'cesium';
import { errorMessage } from '../error-message';
import type { SplitSide } from '../map-engine';
import { defineAdapter, layerHandle, splitDirection } from './layer-adapter';

export const tiles3dAdapter = defineAdapter(['3dtiles'], (context, layer) => {
  const { scene } = context;
  const { config, template } = layer;
  let tileset: Cesium3DTileset | undefined;
  // Asked for before the tileset loaded too: applied once it has.
  let visible = layer.visible;
  let opacity = layer.opacity;
  let styledOpacity = 1;
  let side: SplitSide = 'both';
  const apply = () => {
    if (!tileset) return;
    tileset.show = visible;
    tileset.splitDirection = splitDirection(side);
    if (styledOpacity === opacity) return;
    tileset.style = opacity < 1 ? new Cesium3DTileStyle({ color: `color('white', ${opacity})` }) : undefined;
    styledOpacity = opacity;
  };

  const maximumScreenSpaceError = template.maximumScreenSpaceError ?? config.maximumScreenSpaceError;
  Cesium3DTileset.fromUrl(config.url, { maximumScreenSpaceError }).then(
    (loaded) => {
      if (!context.active()) {
        loaded.destroy();
        return;
      }
      tileset = loaded;
      apply();
      loaded.tileFailed.addEventListener((error: { message?: string }) =>
        context.report({ state: 'error', message: error.message ?? 'A tile could not be loaded.' }),
      );
      scene.primitives.add(loaded);
      context.report({ state: 'ready' });
    },
    (error: unknown) => context.report({ state: 'error', message: errorMessage(error) }),
  );

  return layerHandle({
    show: (shown) => {
      visible = shown;
      apply();
    },
    setOpacity: (value) => {
      opacity = value;
      apply();
    },
    extent: () => tileset?.boundingSphere,
    setSplit: (value) => {
      side = value;
      apply();
    },
    owns: (picked) => tileset !== undefined && picked === tileset,
    pending: () => (tileset?.show && !tileset.tilesLoaded ? 'tiles' : undefined),
    remove: () => {
      if (tileset) scene.primitives.remove(tileset);
    },
  });
});
