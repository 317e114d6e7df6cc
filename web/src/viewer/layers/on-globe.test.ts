import { Cartesian3, Ellipsoid, JulianDate, type Scene, SceneMode } from 'cesium';
import { describe, expect, it } from 'vitest';
import { onGlobe } from './on-globe';

/** Just what the horizon test reads of a scene. */
const sceneAt = (longitude: number, latitude: number, height: number) =>
  ({
    mode: SceneMode.SCENE3D,
    globe: { ellipsoid: Ellipsoid.WGS84 },
    camera: { positionWC: Cartesian3.fromDegrees(longitude, latitude, height) },
  }) as unknown as Scene;

const shown = (scene: Scene, longitude: number, latitude: number) =>
  onGlobe(scene)(Cartesian3.fromDegrees(longitude, latitude)).show.getValue(JulianDate.now());

describe('onGlobe', () => {
  it('shows what faces the camera and hides the far side, whatever the globe has drawn', () => {
    const scene = sceneAt(5, 52, 6_500_000);
    expect(shown(scene, 5, 52)).toBe(true);
    expect(shown(scene, 40, 40)).toBe(true);
    expect(shown(scene, -175, -52)).toBe(false);
    expect(shown(scene, 120, 0)).toBe(false);
  });

  it('keeps the depth test off: labels do not sink into the ground', () => {
    expect(onGlobe(sceneAt(0, 0, 1000))(Cartesian3.fromDegrees(0, 0)).disableDepthTestDistance).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('hides a polygon’s label placed inside the globe by the place on the surface above it', () => {
    const scene = sceneAt(5, 52, 2_000_000);
    // A large country's label: the centre of its bounding sphere, far below the ground.
    const deep = Cartesian3.fromDegrees(5, 52, -800_000);
    expect(onGlobe(scene)(deep).show.getValue(JulianDate.now())).toBe(true);
  });
});
