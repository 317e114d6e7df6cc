/**
 * Points and labels that sit on the globe. Depth-tested against it they sink half into
 * it, so the test is off; which leaves those on the far side showing through the globe,
 * and before its tiles are drawn there is no depth to hide them at all. So each one is
 * hidden by a horizon test of its own: shown only while the camera is above the plane
 * tangent to the globe at its place.
 */

import { CallbackProperty, Cartesian3, type Scene, SceneMode } from 'cesium';

/** What a point, billboard or label on the globe spreads into its graphics. */
export type OnGlobeGraphics = { show: CallbackProperty; disableDepthTestDistance: number };

export type OnGlobe = (position: Cartesian3) => OnGlobeGraphics;

const toCamera = new Cartesian3();

export const onGlobe =
  (scene: Scene): OnGlobe =>
  (position) => {
    const { ellipsoid } = scene.globe;
    const surface = ellipsoid.scaleToGeodeticSurface(position, new Cartesian3()) ?? position;
    const up = ellipsoid.geodeticSurfaceNormal(surface, new Cartesian3()) ?? Cartesian3.UNIT_Z;
    return {
      show: new CallbackProperty(() => {
        if (scene.mode !== SceneMode.SCENE3D) return true;
        Cartesian3.subtract(scene.camera.positionWC, surface, toCamera);
        return Cartesian3.dot(toCamera, up) >= 0;
      }, false),
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
    };
  };
