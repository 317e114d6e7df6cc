/**
 * Drawing a line or an area on the map for a tool (map-engine.ts, `SketchOptions`):
 * mouse, touch and keys. Clicking or tapping places a point; dragging a point moves it;
 * a right click or a long press (Cesium's touch hold) removes it; a double click, Enter
 * or Escape ends the drawing.
 */

import {
  type Cartesian2,
  Cartesian3,
  Math as CesiumMath,
  type CesiumWidget,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
} from 'cesium';
import type { GeoPoint, Sketch, SketchOptions } from './map-engine';
import { createSketchGraphics } from './sketch-graphics';
import { surfaceAt } from './sketch-pick';

export type Sketches = {
  start(options: SketchOptions): Sketch;
  /** Whether a sketch is on the map (from `start` until its `destroy`, finished or not): clicks then pick no features. */
  active(): boolean;
  /** What the drawing put on the map: heights sampled under it must come from the ground, not from the drawing. */
  drawn(): object[];
  destroy(): void;
};

export function createSketches(viewer: CesiumWidget): Sketches {
  let current: { sketch: Sketch; drawn: () => object[] } | undefined;
  return {
    start(options) {
      current?.sketch.destroy();
      const started = startSketch(viewer, options, () => {
        if (current === started) current = undefined;
      });
      current = started;
      return started.sketch;
    },
    active: () => current !== undefined,
    drawn: () => current?.drawn() ?? [],
    destroy: () => current?.sketch.destroy(),
  };
}

function startSketch(
  viewer: CesiumWidget,
  options: SketchOptions,
  onDestroy: () => void,
): { sketch: Sketch; drawn: () => object[] } {
  const scene = viewer.scene;
  const canvas = scene.canvas;
  const graphics = createSketchGraphics(scene, options.shape, options.color);
  const handler = new ScreenSpaceEventHandler(canvas);
  let positions: Cartesian3[] = [];
  let finished = false;
  let destroyed = false;
  /** The point being dragged, and where the pointer went last (moves are handled once per frame). */
  let drag: { index: number; moved: boolean; to?: Cartesian2; frame?: number } | undefined;

  const toPoint = (position: Cartesian3): GeoPoint => {
    const c = scene.globe.ellipsoid.cartesianToCartographic(position);
    return {
      longitude: CesiumMath.toDegrees(c.longitude),
      latitude: CesiumMath.toDegrees(c.latitude),
      height: c.height,
    };
  };
  const points = () => positions.map(toPoint);
  const changed = () => {
    graphics.draw(positions);
    options.onChange(points());
  };
  const pointUnder = (position: Cartesian2) => graphics.pointIndex(scene.pick(position));
  const setCursor = () => {
    canvas.style.cursor = drag ? 'grabbing' : finished ? '' : 'crosshair';
  };

  handler.setInputAction(({ position }: { position: Cartesian2 }) => {
    if (finished || pointUnder(position) !== undefined) return;
    if (options.maxPoints !== undefined && positions.length >= options.maxPoints) return;
    const at = surfaceAt(scene, position, graphics.points);
    if (!at) return;
    positions = [...positions, at];
    changed();
  }, ScreenSpaceEventType.LEFT_CLICK);

  handler.setInputAction(() => sketch.finish(), ScreenSpaceEventType.LEFT_DOUBLE_CLICK);

  // Also a touch held still on a point (Cesium's touch hold).
  handler.setInputAction(({ position }: { position: Cartesian2 }) => {
    const index = pointUnder(position);
    // A touch held on a point while dragging it fires this too: only a point held still goes.
    if (index === undefined || drag?.moved) return;
    endDrag();
    positions = positions.filter((_, i) => i !== index);
    changed();
  }, ScreenSpaceEventType.RIGHT_CLICK);

  handler.setInputAction(({ position }: { position: Cartesian2 }) => {
    const index = pointUnder(position);
    if (index === undefined) return;
    drag = { index, moved: false };
    // The pointer moves the point, not the map.
    scene.screenSpaceCameraController.enableInputs = false;
    setCursor();
  }, ScreenSpaceEventType.LEFT_DOWN);

  handler.setInputAction(({ endPosition }: { endPosition: Cartesian2 }) => {
    if (!drag) return;
    drag.to = endPosition.clone(drag.to);
    drag.frame ??= requestAnimationFrame(moveDragged);
  }, ScreenSpaceEventType.MOUSE_MOVE);

  const moveDragged = () => {
    if (!drag?.to || destroyed) return;
    drag.frame = undefined;
    const at = surfaceAt(scene, drag.to, graphics.points);
    if (!at) return;
    drag.moved = true;
    positions = positions.map((p, i) => (i === drag?.index ? at : p));
    changed();
  };

  const endDrag = () => {
    if (!drag) return;
    if (drag.frame !== undefined) cancelAnimationFrame(drag.frame);
    // The last move, if its frame had not come yet.
    if (drag.to && drag.frame !== undefined) moveDragged();
    drag = undefined;
    scene.screenSpaceCameraController.enableInputs = true;
    setCursor();
  };
  // Also when a second finger comes down: the pinch then moves the map.
  handler.setInputAction(endDrag, ScreenSpaceEventType.LEFT_UP);

  const handleKey = (event: KeyboardEvent) => {
    if (finished || (event.key !== 'Enter' && event.key !== 'Escape')) return;
    // Enter in a form field or on a button belongs to it.
    const target = event.target as HTMLElement | null;
    if (event.key === 'Enter' && target && target !== document.body && target !== canvas) return;
    sketch.finish();
  };
  window.addEventListener('keydown', handleKey);

  const sketch: Sketch = {
    points,
    setPoints(next) {
      positions = next.map((p) => Cartesian3.fromDegrees(p.longitude, p.latitude, p.height));
      changed();
    },
    finish() {
      if (finished || destroyed) return;
      finished = true;
      endDrag();
      setCursor();
      options.onFinish?.(points());
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      endDrag();
      window.removeEventListener('keydown', handleKey);
      handler.destroy();
      graphics.destroy();
      canvas.style.cursor = '';
      onDestroy();
    },
  };
  setCursor();
  return { sketch, drawn: graphics.drawn };
}
