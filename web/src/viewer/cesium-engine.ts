import 'cesium/Build/Cesium/Widgets/widgets.css';
import {
  type Cartesian2,
  Cartesian3,
  Math as CesiumMath,
  CesiumWidget,
  EllipsoidTerrainProvider,
  ImageryLayer,
  Rectangle,
  SceneTransforms,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
} from 'cesium';
import { cameraOf, flyTo, viewState } from './camera';
import { frameRectangle, frameSphere, orbitCentre } from './framing';
import { sampleHeights } from './heights';
import { naturalEarth } from './layers/imagery';
import type { MapEngine, MapEngineOptions } from './map-engine';
import { createMapLayers } from './map-layers';
import { createMarker } from './marker';
import { createPaddedCamera } from './padded-camera';
import { pickFeatures } from './picking';
import { createSketches } from './sketch';
import { createSplit } from './split';
import { waitForIdle } from './wait-for-idle';

type WidgetOptions = NonNullable<ConstructorParameters<typeof CesiumWidget>[1]>;

/**
 * Cesium's widget without Cesium's error panel over the page when it cannot be built: the screen
 * says so itself, and map-engine.ts names a missing WebGL. Once built, an error while drawing
 * shows Cesium's panel over the map, as before.
 */
function createWidget(container: HTMLElement, options: WidgetOptions): CesiumWidget {
  let widget: CesiumWidget;
  try {
    widget = new CesiumWidget(container, { ...options, showRenderLoopErrors: false });
  } catch (error) {
    // The failed constructor has already put its element in the container.
    for (const left of container.querySelectorAll(':scope > .cesium-widget')) left.remove();
    throw error;
  }
  widget.scene.renderError.addEventListener((_scene: unknown, error: unknown) =>
    widget.showErrorPanel(
      'An error occurred while rendering.  Rendering has stopped.',
      undefined,
      error as string,
    ),
  );
  return widget;
}

/**
 * The Cesium map without Ion, with Cesium's bundled Natural Earth II as the base (works
 * offline). A bare CesiumWidget rather than a Viewer: the Viewer's widgets bind with
 * Knockout, which evaluates strings and so needs 'unsafe-eval' in the CSP; our own
 * controls (React) replace them, so no geocoder, base layer picker, timeline or animation.
 * Each kind of layer is drawn by its adapter (layers/), the set of them kept by map-layers.ts.
 */
export async function createCesiumEngine(
  container: HTMLElement,
  options: MapEngineOptions,
): Promise<MapEngine> {
  // The globe's own base: shown only while no layer of the workspace is the built-in imagery.
  const fallbackBase = ImageryLayer.fromProviderAsync(naturalEarth(), {});
  const viewer = createWidget(container, {
    baseLayer: fallbackBase,
    terrainProvider: new EllipsoidTerrainProvider(),
    // Only the globe: polygons across the antimeridian (Russia, Fiji) then draw right.
    scene3DOnly: true,
    // Draws only when something changed: much less work for the CPU and the battery.
    requestRenderMode: true,
    maximumRenderTimeChange: Number.POSITIVE_INFINITY,
    contextOptions: { webgl: { preserveDrawingBuffer: options.preserveDrawingBuffer ?? false } },
  });
  const scene = viewer.scene;
  // Points and labels beyond the horizon are hidden by the globe (layers/feature-entities.ts, OnGlobe).
  scene.globe.depthTestAgainstTerrain = true;
  const layers = createMapLayers(viewer, fallbackBase);
  // The tools' parts of the map: the compare divider, drawings, the chart's marker.
  const split = createSplit(viewer, layers);
  const sketches = createSketches(viewer);
  const marker = createMarker(viewer);
  let destroyed = false;
  // What the screen's panels cover of the map (setViewPadding): fly-tos frame their target beside them.
  const camera = createPaddedCamera(scene, options.padding?.());

  const engine: MapEngine = {
    setLayers: (list) => layers.set(list),

    zoomToLayer(id) {
      const extent = layers.extentOf(id);
      if (!extent) return;
      const pose =
        extent instanceof Rectangle
          ? frameRectangle(scene, extent, camera.padding())
          : frameSphere(scene, extent, camera.padding(), -CesiumMath.PI_OVER_FOUR);
      flyTo(scene, pose, 1.5);
    },

    getCamera: () => camera.read(),
    getPose: () => cameraOf(scene.camera),
    flyTo: (to, duration) => camera.place(to, duration),
    setViewPadding: (padding) => camera.setPadding(padding),

    zoomIn() {
      scene.camera.zoomIn(scene.camera.positionCartographic.height * 0.5);
      scene.requestRender();
    },

    zoomOut() {
      scene.camera.zoomOut(scene.camera.positionCartographic.height);
      scene.requestRender();
    },

    faceNorth: () => orbitCentre(scene, 0, scene.camera.pitch, camera.padding()),
    tiltTo: (pitch) =>
      orbitCentre(scene, scene.camera.heading, CesiumMath.toRadians(pitch), camera.padding()),

    onViewChange(callback) {
      const send = () => {
        if (!destroyed) callback(viewState(scene));
      };
      // `changed` fires once the view moved by this share; `moveEnd` gives the final state.
      scene.camera.percentageChanged = 0.02;
      const removeChanged = scene.camera.changed.addEventListener(send);
      const removeMoveEnd = scene.camera.moveEnd.addEventListener(send);
      send();
      return () => {
        removeChanged();
        removeMoveEnd();
      };
    },

    onLayerStatus: (callback) => layers.onStatus(callback),

    onPick(callback) {
      const handler = new ScreenSpaceEventHandler(scene.canvas);
      handler.setInputAction(async (click: { position: Cartesian2 }) => {
        // A click that places a point of a drawing is not a question about features.
        if (sketches.active()) return;
        const found = await pickFeatures(viewer, layers, click.position);
        if (!destroyed) callback(found);
      }, ScreenSpaceEventType.LEFT_CLICK);
      return () => handler.destroy();
    },

    onPointerMove(callback) {
      const handler = new ScreenSpaceEventHandler(scene.canvas);
      handler.setInputAction((movement: { endPosition: Cartesian2 }) => {
        const point = scene.camera.pickEllipsoid(movement.endPosition, scene.globe.ellipsoid);
        if (!point) {
          callback(null);
          return;
        }
        const cartographic = scene.globe.ellipsoid.cartesianToCartographic(point);
        callback({
          longitude: CesiumMath.toDegrees(cartographic.longitude),
          latitude: CesiumMath.toDegrees(cartographic.latitude),
        });
      }, ScreenSpaceEventType.MOUSE_MOVE);
      return () => handler.destroy();
    },

    setSplitPosition: (position) => split.setPosition(position),
    startSketch: (sketch) => sketches.start(sketch),
    setMarker: (point, color) => marker.set(point, color),
    sampleHeights: (points, surface) =>
      sampleHeights(viewer, layers, points, surface, [...sketches.drawn(), ...marker.drawn()]),

    waitForIdle: (timeoutMs = 60_000) => waitForIdle(viewer, layers, timeoutMs),

    toScreen(longitude, latitude, height = 0) {
      const point = SceneTransforms.worldToWindowCoordinates(
        scene,
        Cartesian3.fromDegrees(longitude, latitude, height),
      );
      return point ? { x: point.x, y: point.y } : undefined;
    },

    destroy() {
      destroyed = true;
      sketches.destroy();
      marker.destroy();
      split.destroy();
      layers.destroy();
      if (!viewer.isDestroyed()) viewer.destroy();
    },
  };

  engine.flyTo(options.camera, 0);
  return engine;
}
