import { describe, expect, it } from 'vitest';
import { cameraOf } from './camera';
import { fakeScene } from './fake-scene';
import type { Camera } from './map-engine';
import { createPaddedCamera } from './padded-camera';
import { noPadding } from './view-padding';

const panel = { ...noPadding, left: 408 };
const opening: Camera = { longitude: 5.3, latitude: 52.1, height: 350_000, heading: 0, pitch: -90, roll: 0 };

describe('the map camera beside the screen’s panels', () => {
  it('places its first view beside the padding it was made with, with no second placement', () => {
    const scene = fakeScene();
    const camera = createPaddedCamera(scene, panel);
    camera.place(opening, 0);
    const stood = cameraOf(scene.camera);
    // West of the saved camera: the target shows in the middle of the part the panel leaves free.
    expect(stood.longitude).toBeLessThan(opening.longitude - 0.5);
    expect(camera.padding()).toEqual(panel);
    expect(camera.read()).toEqual(opening);
    // The screen then reports the same padding: nothing moves.
    camera.setPadding({ ...panel });
    expect(cameraOf(scene.camera)).toEqual(stood);
  });

  it('stands where a camera told the padding afterwards stands', () => {
    const told = fakeScene();
    const later = createPaddedCamera(told);
    later.place(opening, 0);
    later.setPadding(panel);
    const first = fakeScene();
    createPaddedCamera(first, panel).place(opening, 0);
    const a = cameraOf(first.camera);
    const b = cameraOf(told.camera);
    expect(a.longitude).toBeCloseTo(b.longitude, 5);
    expect(a.latitude).toBeCloseTo(b.latitude, 5);
    expect(a.height).toBeCloseTo(b.height, 0);
  });

  it('without padding stands on the saved camera', () => {
    const scene = fakeScene();
    createPaddedCamera(scene).place(opening, 0);
    expect(cameraOf(scene.camera).longitude).toBeCloseTo(opening.longitude, 5);
  });
});
