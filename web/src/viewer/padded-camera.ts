/**
 * The map's camera with the screen's panels over it (framing.ts): a saved camera is placed
 * so that its target shows in the middle of the free part, and read back the same way.
 */

import { Cartesian3, type Scene } from 'cesium';
import { flyTo } from './camera';
import { paddedPose, unpaddedCamera } from './framing';
import type { Camera } from './map-engine';
import { noPadding, samePadding, type ViewPadding } from './view-padding';

export function createPaddedCamera(scene: Scene, initialPadding: ViewPadding = noPadding) {
  let padding: ViewPadding = { ...initialPadding };
  // The camera last placed, and where the map's camera stood once there: read back as it was
  // given while the map has not moved since, rather than worked out again through the map's
  // whole-pixel size.
  type Placed = { camera: Camera; position: Cartesian3; direction: Cartesian3; up: Cartesian3 };
  let placed: Placed | undefined;

  const stillThere = ({ position, direction, up }: Placed) => {
    const camera = scene.camera;
    return (
      Cartesian3.distance(camera.positionWC, position) < 0.001 &&
      Cartesian3.dot(camera.directionWC, direction) > 1 - 1e-12 &&
      Cartesian3.dot(camera.upWC, up) > 1 - 1e-12
    );
  };

  const read = (): Camera => (placed && stillThere(placed) ? placed.camera : unpaddedCamera(scene, padding));

  const place = (camera: Camera, duration?: number) => {
    placed = undefined;
    flyTo(scene, paddedPose(scene, camera, padding), duration, () => {
      const { positionWC, directionWC, upWC } = scene.camera;
      placed = {
        camera,
        position: Cartesian3.clone(positionWC),
        direction: Cartesian3.clone(directionWC),
        up: Cartesian3.clone(upWC),
      };
    });
  };

  return {
    padding: () => padding,
    read,
    place,
    /** New padding: what the free part showed in its middle stays there, so a saved view reads the same. */
    setPadding(next: ViewPadding) {
      if (samePadding(next, padding)) return;
      const shown = read();
      padding = { ...next };
      place(shown, 0);
    },
  };
}
