/**
 * The camera with panels over the map: what the map shows "in its middle" is what lies in
 * the middle of the part no panel covers (view-padding.ts has the geometry). A saved
 * camera names the pose that would show its target in the middle of a bare map; here it
 * is moved sideways (same direction, so the same look) until the target shows in the
 * middle of the free part, and read back the same way.
 */

import {
  type BoundingSphere,
  Cartesian2,
  Cartesian3,
  Camera as CesiumCamera,
  Math as CesiumMath,
  HeadingPitchRange,
  HeadingPitchRoll,
  type HeadingPitchRollValues,
  IntersectionTests,
  Matrix3,
  Matrix4,
  PerspectiveFrustum,
  Quaternion,
  Ray,
  Rectangle,
  type Scene,
  BoundingSphere as Sphere,
  Transforms,
} from 'cesium';
import { cameraOf, flyTo } from './camera';
import type { Camera } from './map-engine';
import {
  fitDistance,
  focalLength,
  freeCentreOffset,
  sidewaysShift,
  usablePadding,
  type ViewPadding,
} from './view-padding';

/**
 * A pose Cesium's `setView` and `flyTo` take, its orientation as heading, pitch and roll
 * (radians): given as direction and up, Cesium drops the roll of a camera looking nearly
 * straight down (within 2.6°), so a pose moved sideways would come out turned.
 */
export type Pose = { destination: Cartesian3; orientation: HeadingPitchRollValues };

/** The heading, pitch and roll at `position` of a camera looking along `direction` with `up` up (the inverse of Cesium's setView). */
function orientationAt(scene: Scene, position: Cartesian3, direction: Cartesian3, up: Cartesian3) {
  const enu = Transforms.eastNorthUpToFixedFrame(position, scene.globe.ellipsoid);
  const toLocal = Matrix4.inverseTransformation(enu, new Matrix4());
  const d = Matrix4.multiplyByPointAsVector(toLocal, direction, new Cartesian3());
  const u = Matrix4.multiplyByPointAsVector(toLocal, up, new Cartesian3());
  const l = Cartesian3.cross(u, d, new Cartesian3());
  // Cesium's setView takes the direction from the rotation's first column and up from its third.
  const rotation = new Matrix3(d.x, l.x, u.x, d.y, l.y, u.y, d.z, l.z, u.z);
  const hpr = HeadingPitchRoll.fromQuaternion(Quaternion.fromRotationMatrix(rotation));
  return { heading: hpr.heading + CesiumMath.PI_OVER_TWO, pitch: hpr.pitch, roll: hpr.roll };
}

/** The map's size, the padding it can honour and the camera's focal length, in CSS pixels. */
function lens(scene: Scene, padding: ViewPadding) {
  const size = { width: scene.canvas.clientWidth, height: scene.canvas.clientHeight };
  const frustum = scene.camera.frustum;
  const fovy =
    frustum instanceof PerspectiveFrustum ? (frustum.fovy ?? CesiumMath.PI_OVER_THREE) : Math.PI / 3;
  const usable = usablePadding(size, padding);
  return { size, usable, offset: freeCentreOffset(usable), focal: focalLength(size.height, fovy) };
}

/** A camera of its own, so that working out a pose never moves the map's. */
const scratchCamera = (scene: Scene) => new CesiumCamera(scene);

/** Where `camera` stands moved sideways so that the point `depth` metres ahead of it shows `offset` pixels from the middle. */
function movedSideways(
  camera: CesiumCamera,
  offset: { x: number; y: number },
  depth: number,
  focal: number,
  sign = 1,
): Cartesian3 {
  const shift = sidewaysShift(offset, depth, focal);
  const destination = Cartesian3.clone(camera.positionWC);
  const along = (axis: Cartesian3, metres: number) =>
    Cartesian3.add(
      destination,
      Cartesian3.multiplyByScalar(axis, sign * metres, new Cartesian3()),
      destination,
    );
  along(camera.rightWC, shift.right);
  along(camera.upWC, shift.up);
  return destination;
}

/** The pose at `destination` looking as `camera` does. */
const lookingAs = (scene: Scene, camera: CesiumCamera, destination: Cartesian3): Pose => ({
  destination,
  orientation: orientationAt(scene, destination, camera.directionWC, camera.upWC),
});

const isCentred = (offset: { x: number; y: number }) => offset.x === 0 && offset.y === 0;

/** The pose that shows what `camera` has in its middle in the middle of the free part. */
export function paddedPose(scene: Scene, camera: Camera, padding: ViewPadding): Pose {
  const { offset, focal } = lens(scene, padding);
  const saved: Pose = {
    destination: Cartesian3.fromDegrees(camera.longitude, camera.latitude, camera.height),
    orientation: {
      heading: CesiumMath.toRadians(camera.heading),
      pitch: CesiumMath.toRadians(camera.pitch),
      roll: CesiumMath.toRadians(camera.roll),
    },
  };
  if (isCentred(offset)) return saved;
  const scratch = scratchCamera(scene);
  scratch.setView(saved);
  // Looking past the globe there is no target to keep in view: the pose as saved.
  const hit = IntersectionTests.rayEllipsoid(
    new Ray(scratch.positionWC, scratch.directionWC),
    scene.globe.ellipsoid,
  );
  return hit ? lookingAs(scene, scratch, movedSideways(scratch, offset, hit.start, focal)) : saved;
}

/** The camera as a saved view names it: the pose that would show the free part's middle in the middle of a bare map. */
export function unpaddedCamera(scene: Scene, padding: ViewPadding): Camera {
  const { size, offset, focal } = lens(scene, padding);
  const camera = scene.camera;
  if (isCentred(offset)) return cameraOf(camera);
  const target = camera.pickEllipsoid(
    new Cartesian2(size.width / 2 + offset.x, size.height / 2 + offset.y),
    scene.globe.ellipsoid,
  );
  if (!target) return cameraOf(camera);
  const depth = Cartesian3.dot(
    Cartesian3.subtract(target, camera.positionWC, new Cartesian3()),
    camera.directionWC,
  );
  // Read as Cesium reads any camera (straight down: the heading from up, no roll), like a camera with no panels.
  const scratch = scratchCamera(scene);
  scratch.setView({
    destination: movedSideways(camera, offset, depth, focal, -1),
    orientation: { direction: camera.directionWC, up: camera.upWC },
  });
  return cameraOf(scratch);
}

/**
 * The pose looking at `target` from `heading`/`pitch` (radians) at `range` metres,
 * showing it in the middle of the free part.
 */
function lookingAt(scene: Scene, target: Cartesian3, view: HeadingPitchRange, padding: ViewPadding): Pose {
  const { offset, focal } = lens(scene, padding);
  const scratch = scratchCamera(scene);
  scratch.lookAt(target, view);
  scratch.lookAtTransform(Matrix4.IDENTITY);
  return lookingAs(scene, scratch, movedSideways(scratch, offset, view.range, focal));
}

/** Looks down at `pitch` (radians) on a sphere, from the heading the map has now, filling the free part with it. */
export function frameSphere(scene: Scene, sphere: BoundingSphere, padding: ViewPadding, pitch: number): Pose {
  const { size, usable, focal } = lens(scene, padding);
  const range = fitDistance(sphere.radius, size, usable, focal);
  return lookingAt(scene, sphere.center, new HeadingPitchRange(scene.camera.heading, pitch, range), padding);
}

/** Looks straight down on a rectangle (north up), filling the free part with it. */
export function frameRectangle(scene: Scene, rectangle: Rectangle, padding: ViewPadding): Pose {
  const ellipsoid = scene.globe.ellipsoid;
  const sphere = Sphere.fromRectangle3D(rectangle, ellipsoid);
  // Looked at on the ground: a whole-world rectangle's sphere is centred in the Earth, where "down" means nothing.
  const ground = ellipsoid.cartographicToCartesian(Rectangle.center(rectangle));
  const { size, usable, focal } = lens(scene, padding);
  const range = fitDistance(sphere.radius, size, usable, focal);
  return lookingAt(scene, ground, new HeadingPitchRange(0, -CesiumMath.PI_OVER_TWO, range), padding);
}

/** The point of the globe in the middle of the free part, or undefined when it shows the sky. */
export function freeCentrePoint(scene: Scene, padding: ViewPadding): Cartesian3 | undefined {
  const { size, offset } = lens(scene, padding);
  return scene.camera.pickEllipsoid(
    new Cartesian2(size.width / 2 + offset.x, size.height / 2 + offset.y),
    scene.globe.ellipsoid,
  );
}

/** Turns around the free part's middle to `heading` and `pitch` (radians), at the distance it has now. */
export function orbitPose(
  scene: Scene,
  centre: Cartesian3,
  heading: number,
  pitch: number,
  padding: ViewPadding,
): Pose {
  const range = Cartesian3.distance(scene.camera.positionWC, centre);
  return lookingAt(scene, centre, new HeadingPitchRange(heading, pitch, range), padding);
}

/** Flies around the point in the middle of the free part to `heading` and `pitch` (radians), keeping the distance. */
export function orbitCentre(scene: Scene, heading: number, pitch: number, padding: ViewPadding) {
  const centre = freeCentrePoint(scene, padding);
  if (centre) flyTo(scene, orbitPose(scene, centre, heading, pitch, padding), 0.8);
  else {
    scene.camera.setView({ orientation: { heading, pitch, roll: 0 } });
    scene.requestRender();
  }
}
