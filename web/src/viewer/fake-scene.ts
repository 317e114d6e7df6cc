import {
  Camera as CesiumCamera,
  Ellipsoid,
  GeographicProjection,
  MapMode2D,
  type Scene,
  SceneMode,
} from 'cesium';

/** For the tests: enough of a scene for Cesium's camera, without WebGL: a 1280 × 736 map on the WGS84 globe. */
export function fakeScene() {
  const scene = {
    mapProjection: new GeographicProjection(),
    mode: SceneMode.SCENE3D,
    mapMode2D: MapMode2D.INFINITE_SCROLL,
    drawingBufferWidth: 1280,
    drawingBufferHeight: 736,
    canvas: { clientWidth: 1280, clientHeight: 736 },
    globe: { ellipsoid: Ellipsoid.WGS84 },
    ellipsoid: Ellipsoid.WGS84,
    requestRender: () => {},
  } as unknown as Scene & { camera: CesiumCamera };
  scene.camera = new CesiumCamera(scene);
  return scene;
}
