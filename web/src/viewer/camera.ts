/** The camera in the plain terms of map-engine.ts (degrees, metres) and the moves the map controls make. */

import {
  BoundingSphere,
  Cartesian2,
  Cartesian3,
  Math as CesiumMath,
  HeadingPitchRange,
  type Scene,
} from 'cesium';
import type { Camera, ViewState } from './map-engine';

/** Where the camera is and looks, rounded to what a saved view needs (millimetres, 1e-4 degrees). */
export function readCamera(scene: Scene): Camera {
  const position = scene.camera.positionCartographic;
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return {
    longitude: round(CesiumMath.toDegrees(position.longitude), 7),
    latitude: round(CesiumMath.toDegrees(position.latitude), 7),
    height: round(position.height, 2),
    heading: round(CesiumMath.toDegrees(scene.camera.heading), 4),
    pitch: round(CesiumMath.toDegrees(scene.camera.pitch), 4),
    roll: round(CesiumMath.toDegrees(scene.camera.roll), 4),
  };
}

/** Flies there; `duration` 0 jumps. */
export function flyTo(scene: Scene, camera: Camera, duration?: number) {
  const target = {
    destination: Cartesian3.fromDegrees(camera.longitude, camera.latitude, camera.height),
    orientation: {
      heading: CesiumMath.toRadians(camera.heading),
      pitch: CesiumMath.toRadians(camera.pitch),
      roll: CesiumMath.toRadians(camera.roll),
    },
  };
  if (duration === 0) scene.camera.setView(target);
  else scene.camera.flyTo({ ...target, ...(duration === undefined ? {} : { duration }) });
  scene.requestRender();
}

/** The point of the globe in the centre of the map, or undefined when the centre shows the sky. */
const centrePoint = (scene: Scene) =>
  scene.camera.pickEllipsoid(
    new Cartesian2(scene.canvas.clientWidth / 2, scene.canvas.clientHeight / 2),
    scene.globe.ellipsoid,
  );

/** Flies around the centre point to `heading` and `pitch` (radians), keeping the distance. */
export function orbitCentre(scene: Scene, heading: number, pitch: number) {
  const centre = centrePoint(scene);
  if (centre) {
    const range = Cartesian3.distance(scene.camera.positionWC, centre);
    scene.camera.flyToBoundingSphere(new BoundingSphere(centre, 0), {
      offset: new HeadingPitchRange(heading, pitch, range),
      duration: 0.8,
    });
  } else {
    scene.camera.setView({ orientation: { heading, pitch, roll: 0 } });
  }
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
