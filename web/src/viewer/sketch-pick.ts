/** Where a click lands for a drawing: on what is drawn there (3D Tiles, extruded features), else on the terrain. */

import { type Cartesian2, type Cartesian3, defined, type Scene } from 'cesium';

/**
 * The surface under a pixel, leaving out `hidden` (the drawing's own points, which sit
 * under the pointer while one is dragged). Something drawn there (a tileset, a feature)
 * gives the depth buffer's position; the bare globe gives the exact ray–terrain
 * intersection, which the depth buffer only approximates from far away.
 */
export function surfaceAt(
  scene: Scene,
  position: Cartesian2,
  hidden: { show: boolean },
): Cartesian3 | undefined {
  hidden.show = false;
  // scene.pick draws its own small frame with the primitives as they are now.
  const picked: unknown = scene.pick(position);
  hidden.show = true;
  if (defined(picked) && scene.pickPositionSupported) {
    const onObject = scene.pickPosition(position);
    if (defined(onObject)) return onObject;
  }
  const ray = scene.camera.getPickRay(position);
  const onGlobe = ray ? scene.globe.pick(ray, scene) : undefined;
  return onGlobe ?? scene.camera.pickEllipsoid(position, scene.globe.ellipsoid);
}
