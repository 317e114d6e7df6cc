/** The camera in the plain terms of map-engine.ts (degrees, metres) and the moves the map controls make. */

import {
  Cartesian2,
  Cartesian3,
  type Cartographic,
  type Camera as CesiumCamera,
  Math as CesiumMath,
  type Scene,
} from 'cesium';
import type { Pose } from './framing';
import type { Camera, ViewState } from './map-engine';

/** A camera in degrees and metres, rounded to what a saved view needs (millimetres, 1e-4 degrees). */
export function cameraValues(
  position: Cartographic,
  orientation: { heading: number; pitch: number; roll: number },
): Camera {
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return {
    longitude: round(CesiumMath.toDegrees(position.longitude), 7),
    latitude: round(CesiumMath.toDegrees(position.latitude), 7),
    height: round(position.height, 2),
    heading: round(CesiumMath.toDegrees(orientation.heading), 4),
    pitch: round(CesiumMath.toDegrees(orientation.pitch), 4),
    roll: round(CesiumMath.toDegrees(orientation.roll), 4),
  };
}

/** Where a camera is and looks. */
export const cameraOf = (camera: CesiumCamera): Camera => cameraValues(camera.positionCartographic, camera);

/** Flies to a pose (`duration` 0 jumps), then calls `arrived` unless another move cancelled the flight. */
export function flyTo(scene: Scene, pose: Pose, duration?: number, arrived?: () => void) {
  if (duration === 0) {
    scene.camera.setView(pose);
    arrived?.();
  } else
    scene.camera.flyTo({
      ...pose,
      ...(duration === undefined ? {} : { duration }),
      ...(arrived ? { complete: arrived } : {}),
    });
  scene.requestRender();
}

/** The heading, tilt and the ground size of a pixel in the centre of the map. */
export function viewState(scene: Scene): ViewState {
  const x = scene.canvas.clientWidth / 2;
  const y = scene.canvas.clientHeight / 2;
  const a = scene.camera.pickEllipsoid(new Cartesian2(x, y), scene.globe.ellipsoid);
  const b = scene.camera.pickEllipsoid(new Cartesian2(x + 1, y), scene.globe.ellipsoid);
  return {
    heading: CesiumMath.toDegrees(scene.camera.heading),
    pitch: CesiumMath.toDegrees(scene.camera.pitch),
    ...(a && b ? { metresPerPixel: Cartesian3.distance(a, b) } : {}),
  };
}
