/**
 * Imagery draped over the globe, from tile and map services: the kinds differ only in
 * the Cesium provider that asks for their images (what they ask: ../map-services.ts).
 */

import {
  ArcGisMapServerImageryProvider,
  buildModuleUrl,
  ImageryLayer,
  type ImageryProvider,
  TileMapServiceImageryProvider,
  UrlTemplateImageryProvider,
  WebMapServiceImageryProvider,
  WebMapTileServiceImageryProvider,
  WebMercatorTilingScheme,
} from 'cesium';
import { errorMessage } from '../error-message';
import { imageryStatus, type TileCounts } from '../layer-status';
import type { LayerKind, ViewerLayerOf } from '../map-engine';
import { arcgisMapServerOptions, wmsRequests, wmtsTiles } from '../map-services';
import {
  defineAdapter,
  type LayerContext,
  type LayerHandle,
  layerHandle,
  splitDirection,
} from './layer-adapter';

/** Cesium's bundled Natural Earth II: the imagery that works with no internet. */
export const naturalEarth = () =>
  TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII'));

/** Counts every tile request of the provider, so a layer whose tiles all fail shows as broken. */
function watchTiles(context: LayerContext, provider: ImageryProvider) {
  const tiles: TileCounts = { ok: 0, failed: 0, lastError: '' };
  const requestImage = provider.requestImage.bind(provider);
  provider.requestImage = (x, y, level, request) => {
    const pending = requestImage(x, y, level, request);
    pending?.then(
      () => {
        tiles.ok += 1;
        context.report(imageryStatus(tiles));
      },
      (error: unknown) => {
        tiles.failed += 1;
        tiles.lastError = errorMessage(error);
        context.report(imageryStatus(tiles));
      },
    );
    return pending;
  };
  // Errors Cesium reports for tiles are handled here (no retries), not logged to the console.
  provider.errorEvent.addEventListener(() => undefined);
}

function addImagery(context: LayerContext, provider: Promise<ImageryProvider>): LayerHandle {
  const { viewer } = context;
  const imagery = ImageryLayer.fromProviderAsync(
    provider.then((made) => {
      watchTiles(context, made);
      return made;
    }),
    {},
  );
  imagery.errorEvent.addEventListener((error: unknown) =>
    context.report({ state: 'error', message: errorMessage(error) }),
  );
  viewer.imageryLayers.add(imagery);
  return layerHandle({
    show: (visible) => {
      imagery.show = visible;
    },
    setOpacity: (opacity) => {
      imagery.alpha = opacity;
    },
    extent: () => (imagery.ready ? imagery.imageryProvider.rectangle : undefined),
    owns: (picked) => picked === imagery,
    setSplit: (side) => {
      imagery.splitDirection = splitDirection(side);
    },
    raiseToTop: () => viewer.imageryLayers.raiseToTop(imagery),
    remove: () => viewer.imageryLayers.remove(imagery, true),
  });
}

/** The adapter of an imagery kind, given how its provider is made. */
const imagery = <K extends LayerKind>(
  kind: K,
  provider: (layer: ViewerLayerOf<K>) => Promise<ImageryProvider>,
) => defineAdapter([kind], (context, layer) => addImagery(context, provider(layer)));

/** Providers made at once; a constructor's throw is the layer's error (the engine's guard). */
const ready = (provider: ImageryProvider) => Promise.resolve(provider);

export const imageryAdapters = [
  imagery('builtin', () => naturalEarth()),
  imagery('xyz', ({ config }) =>
    ready(
      new UrlTemplateImageryProvider({
        url: config.url,
        ...(config.subdomains.length > 0 ? { subdomains: config.subdomains } : {}),
        minimumLevel: config.minimumLevel,
        maximumLevel: config.maximumLevel,
        credit: config.credit || undefined,
      }),
    ),
  ),
  imagery('wms', ({ config, template }) => {
    const { webMercator, ...requests } = wmsRequests(config, template);
    return ready(
      new WebMapServiceImageryProvider({
        ...requests,
        ...(webMercator ? { tilingScheme: new WebMercatorTilingScheme() } : {}),
      }),
    );
  }),
  imagery('wmts', ({ config, template }) => {
    const { webMercator, ...tiles } = wmtsTiles(config, template);
    return ready(
      new WebMapTileServiceImageryProvider({
        ...tiles,
        ...(webMercator ? { tilingScheme: new WebMercatorTilingScheme() } : {}),
      }),
    );
  }),
  imagery('arcgis-mapserver', ({ config, template }) =>
    ArcGisMapServerImageryProvider.fromUrl(config.url, arcgisMapServerOptions(config, template)),
  ),
];
