import { describe, expect, it } from 'vitest';
import { fakeScene } from './fake-scene';
import { paddedPose, unpaddedCamera } from './framing';
import type { Camera } from './map-engine';
import { noPadding } from './view-padding';

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
