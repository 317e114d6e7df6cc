import {
  Camera as CesiumCamera,
  Ellipsoid,
  GeographicProjection,
  MapMode2D,
  type Scene,
  SceneMode,
} from 'cesium';
import { describe, expect, it } from 'vitest';
import { paddedPose, unpaddedCamera } from './framing';
import type { Camera } from './map-engine';
import { noPadding } from './view-padding';

/** Enough of a scene for Cesium's camera, without WebGL: a 1280 × 736 map on the WGS84 globe. */
function fakeScene() {
  const scene = {
    mapProjection: new GeographicProjection(),
    mode: SceneMode.SCENE3D,
    mapMode2D: MapMode2D.INFINITE_SCROLL,
    drawingBufferWidth: 1280,
    drawingBufferHeight: 736,
    canvas: { clientWidth: 1280, clientHeight: 736 },
    globe: { ellipsoid: Ellipsoid.WGS84 },
    ellipsoid: Ellipsoid.WGS84,
  } as unknown as Scene & { camera: CesiumCamera };
  scene.camera = new CesiumCamera(scene);
  return scene;
}

const panel = { ...noPadding, left: 408 };
const opening: Camera = { longitude: 5.3, latitude: 52.1, height: 350_000, heading: 0, pitch: -90, roll: 0 };
const harbour: Camera = { longitude: 4.35, latitude: 51.88, height: 4000, heading: 30, pitch: -50, roll: 0 };

describe('a camera placed beside a panel', () => {
  it.each([
    ['straight down', opening],
    ['tilted and turned', harbour],
  ])('reads back as the camera placed (%s)', (_name, camera) => {
    const scene = fakeScene();
    scene.camera.setView(paddedPose(scene, camera, panel));
    const read = unpaddedCamera(scene, panel);
    expect(read.longitude).toBeCloseTo(camera.longitude, 6);
    expect(read.latitude).toBeCloseTo(camera.latitude, 6);
    expect(read.height).toBeCloseTo(camera.height, 1);
    expect(read.heading).toBeCloseTo(camera.heading, 3);
    expect(read.pitch).toBeCloseTo(camera.pitch, 3);
    expect(read.roll).toBeCloseTo(camera.roll, 3);
  });

  it('stands beside the saved pose, looking the same way, so its target shows right of the middle', () => {
    const scene = fakeScene();
    scene.camera.setView(paddedPose(scene, opening, panel));
    const moved = unpaddedCamera(scene, noPadding);
    // West of the target: the target shows to the right, in the middle of the free part.
    expect(moved.longitude).toBeLessThan(opening.longitude - 0.5);
    expect(moved.latitude).toBeCloseTo(opening.latitude, 1);
  });
});
