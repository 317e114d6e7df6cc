/**
 * When the map has drawn everything it loads (the end-to-end tests wait for it):
 * `globe.tilesLoaded` alone is not enough (docs: VIEWER-TESTING.md, "Waiting").
 */

import { type CesiumWidget, RequestScheduler } from 'cesium';
import { errorMessage } from './error-message';
import type { MapLayers } from './map-layers';

/**
 * Resolves after 4 quiet frames in a row: globe tiles loaded, every imagery layer ready
 * (or failed for good), no layer loading or drawing, data sources ready and no request
 * in flight. Rejects at once when Cesium stops rendering, and after `timeoutMs` naming
 * what was still pending.
 */
export function waitForIdle(viewer: CesiumWidget, layers: MapLayers, timeoutMs: number): Promise<void> {
  const scene = viewer.scene;
  // Private in the typings, but the only way to know no tile or feature request is in flight.
  const scheduler = RequestScheduler as unknown as { statistics: { numberOfActiveRequests: number } };
  const countReady = () => {
    let ready = 0;
    for (let i = 0; i < viewer.imageryLayers.length; i++) {
      const imagery = viewer.imageryLayers.get(i);
      // A layer whose provider failed never becomes ready, and never will draw anything more.
      if (imagery.ready || layers.ownerOf(imagery)?.status.state === 'error') ready += 1;
    }
    return ready;
  };
  // A hidden imagery layer asks for no tiles, so it stays 'loading' until shown: nothing of it to wait for.
  const loading = () => layers.all().filter((e) => e.status.state === 'loading' && e.layer.visible);
  const drawing = () => layers.all().filter((e) => e.handle.pending() !== undefined);
  const isIdle = () =>
    scene.globe.tilesLoaded &&
    viewer.imageryLayers.length === countReady() &&
    loading().length === 0 &&
    drawing().length === 0 &&
    viewer.dataSourceDisplay.ready &&
    scheduler.statistics.numberOfActiveRequests === 0;

  return new Promise<void>((resolve, reject) => {
    let quietFrames = 0;
    let frames = 0;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      clearInterval(ticking);
      removeRender();
      removeError();
      if (error) reject(error);
      else resolve();
    };
    // Asks for frames: in request-render mode nothing would draw otherwise. On a timer rather
    // than from each frame, so that a frame Cesium skips does not end the chain.
    const ticking = setInterval(() => scene.requestRender(), 50);
    const removeRender = scene.postRender.addEventListener(() => {
      frames += 1;
      quietFrames = isIdle() ? quietFrames + 1 : 0;
      if (quietFrames >= 4) finish();
    });
    const removeError = scene.renderError.addEventListener((_scene: unknown, error: unknown) =>
      finish(new Error(`Cesium stopped rendering: ${errorMessage(error)}`)),
    );
    const pending = () =>
      [
        scene.globe.tilesLoaded ? '' : 'globe tiles',
        viewer.imageryLayers.length === countReady()
          ? ''
          : `${viewer.imageryLayers.length - countReady()} imagery layers not ready`,
        ...loading().map((e) => `layer ${e.layer.id} loading`),
        ...drawing().map((e) => `layer ${e.layer.id} ${e.handle.pending()}`),
        viewer.dataSourceDisplay.ready ? '' : 'data sources',
        `${scheduler.statistics.numberOfActiveRequests} requests`,
        `${frames} frames drawn`,
      ]
        .filter(Boolean)
        .join(', ');
    const timer = setTimeout(
      () => finish(new Error(`The map did not become idle in time (${pending()})`)),
      timeoutMs,
    );
    scene.requestRender();
  });
}
