/**
 * The 3D map as the screens see it: a small interface, so that nothing outside this
 * folder knows Cesium. `createMapEngine` loads the Cesium implementation with a
 * dynamic import: Cesium is its own chunk, fetched only when a map is shown.
 */

import type { LayerTemplate } from '@geows/contract';
import type { ViewerSource } from './layer-config';
import type { ViewPadding } from './view-padding';

export type { ViewPadding } from './view-padding';

/** Degrees and metres, WGS84: the workspace's `camera` JSON. */
export type Camera = {
  longitude: number;
  latitude: number;
  height: number;
  heading: number;
  pitch: number;
  roll: number;
};

export type { LayerConfigs, LayerKind } from './layer-config';

/**
 * Which side of the compare divider a layer draws on (RUNTIME.md `splitPanel`): `both`
 * unless the split is on and the layer (or a group holding it) is in `left` or `right`.
 */
export type SplitSide = 'left' | 'right' | 'both';

/** A layer as the map draws it: its kind with that kind's config (the data source's), its style and display. */
export type ViewerLayer = ViewerSource & {
  id: string;
  /** The layer's style (its checked template). */
  template: LayerTemplate;
  visible: boolean;
  /** 0…1. */
  opacity: number;
  /** Left out: both sides. */
  split?: SplitSide;
};

/** A point of the world: degrees (WGS84) and metres above the ellipsoid. */
export type GeoPoint = { longitude: number; latitude: number; height: number };

/**
 * Drawing on the map for a tool (measuring, a profile's line): clicks and taps place
 * points on what is under them (terrain, 3D Tiles), points can be dragged and removed,
 * and the shape follows. From `startSketch` until the sketch's `destroy`, finished or
 * not, a click picks no feature. Mouse: click places, drag moves, right click removes,
 * double click ends. Touch: tap places, drag moves, a long press (1.5 s) removes.
 * Keys: Enter or Escape ends. A finished sketch's points can still be moved and removed.
 */
export type SketchOptions = {
  /** A line (2+ points) or a closed area (3+ points). */
  shape: 'line' | 'polygon';
  /** A CSS colour for the line, the area's outline and the points. */
  color: string;
  /** At most this many points; further clicks are ignored. */
  maxPoints?: number;
  /** After every change of the points: placed, moved, removed, or set by `setPoints`. */
  onChange(points: GeoPoint[]): void;
  /** The user ended the drawing (double click, Enter, Escape, or `finish()`): points stay, no more are added. */
  onFinish?(points: GeoPoint[]): void;
};

export interface Sketch {
  points(): GeoPoint[];
  /** Replaces the points (and says so through `onChange`). */
  setPoints(points: readonly GeoPoint[]): void;
  /** Ends the drawing; the shape stays until `destroy`. */
  finish(): void;
  /** Removes the shape and stops listening; picking features works again. */
  destroy(): void;
}

/**
 * What a height is measured on in the browser: `terrain` the terrain the globe shows
 * (the first shown terrain layer, or the plain ellipsoid), `surface` whatever is drawn
 * (terrain and 3D Tiles), `{layer}` that terrain layer's own terrain, whether or not it
 * is the one the globe shows (to compare two terrains).
 */
export type HeightSurface = 'terrain' | 'surface' | { layer: string };

/** A layer of one of these kinds. */
export type ViewerLayerOf<K extends ViewerSource['kind']> = Extract<ViewerLayer, { kind: K }>;

/** What a click on the map found: a feature of a layer, with its properties or the service's HTML. */
export type PickedFeature = {
  layerId: string;
  title: string;
  properties: Record<string, string>;
  /** Remote HTML (WMS GetFeatureInfo, ArcGIS identify): shown only in a sandboxed frame. */
  html?: string;
};

/** Which way the camera looks, and how large a screen pixel is on the ground at the centre of the map. */
export type ViewState = {
  /** Degrees clockwise from north. */
  heading: number;
  /** Degrees; −90 looks straight down. */
  pitch: number;
  /** Undefined when the centre of the map is off the globe. */
  metresPerPixel?: number;
};

export type LayerState = 'loading' | 'ready' | 'error';
export type LayerStatus = { id: string; state: LayerState; message?: string };

export type MapEngineOptions = {
  camera: Camera;
  /**
   * What the screen's panels cover of the map (setViewPadding), asked once the map is made: its
   * first view is framed beside them, rather than drawn (and its tiles fetched) for a view it
   * leaves as soon as the screen tells it the padding.
   */
  padding?: () => ViewPadding | undefined;
  /** Keeps the drawing buffer readable, for tests that read the canvas' pixels. */
  preserveDrawingBuffer?: boolean;
};

export interface MapEngine {
  /** The layers to show, first on top; layers left out are removed. A failing layer never breaks the others. */
  setLayers(layers: readonly ViewerLayer[]): void;
  getCamera(): Camera;
  /** Flies there; `duration` 0 jumps. */
  flyTo(camera: Camera, duration?: number): void;
  /** Flies to the layer's extent, when it has one, framing it in the part of the map no panel covers. */
  zoomToLayer(id: string): void;
  /**
   * What covers the map's edges (side panel, bottom sheet), in CSS pixels: the map's
   * middle becomes the middle of the rest. Fly-tos frame their target there, `getCamera`
   * names the pose that shows that middle in the middle of a bare map (so a saved view
   * opens the same with or without panels), and the view stays on what it showed.
   */
  setViewPadding(padding: ViewPadding): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Turns the map until north is up, around the point in the centre. */
  faceNorth(): void;
  /** Tilts the view to `pitch` degrees (−90 looks straight down), around the point in the centre. */
  tiltTo(pitch: number): void;
  /** The heading, tilt and scale now and after every change of the view; answers the unsubscribe. */
  onViewChange(callback: (view: ViewState) => void): () => void;
  /** Every status change of a layer; answers the unsubscribe. */
  onLayerStatus(callback: (status: LayerStatus) => void): () => void;
  /** The point of the globe under the pointer, or null off the globe. */
  onPointerMove(callback: (position: { longitude: number; latitude: number } | null) => void): () => void;
  /** Every click on the map, with the features under it (empty when none). */
  onPick(callback: (features: PickedFeature[]) => void): () => void;
  /**
   * The compare divider's place from the map's left edge (0…1), or undefined: no
   * divider, every layer on both sides. Layers draw on their `split` side of it.
   */
  setSplitPosition(position: number | undefined): void;
  /** Starts drawing a line or an area (one sketch at a time: a new one ends the one before). */
  startSketch(options: SketchOptions): Sketch;
  /** A marker at a point (e.g. where the pointer is on a profile's chart); undefined removes it. */
  setMarker(point: GeoPoint | undefined, color?: string): void;
  /**
   * Heights (metres above the WGS84 ellipsoid, not above sea level) of points, on the
   * surface asked for; null where none. `{layer}` waits while that layer loads; a layer
   * that is not on the map, not shown, failed, or is no terrain answers nulls.
   */
  sampleHeights(
    points: readonly { longitude: number; latitude: number }[],
    surface: HeightSurface,
  ): Promise<(number | null)[]>;
  /** Resolves once every layer has loaded and a few frames drew nothing new (tests). */
  waitForIdle(timeoutMs?: number): Promise<void>;
  /** Where a point shows on the map, in CSS pixels from its top left; undefined when not in view (tests). */
  toScreen(longitude: number, latitude: number, height?: number): { x: number; y: number } | undefined;
  /**
   * Where the camera really is, with the panels' sideways shift included (getCamera names the
   * pose without it): the first-globe benchmark gives the bare CesiumJS page this pose, so both
   * draw the same part of the world (tests, benchmarks).
   */
  getPose(): Camera;
  destroy(): void;
}

let cesiumEngine: Promise<typeof import('./cesium-engine')> | undefined;
/** Loads and runs the engine's module (Cesium's own set-up, no map yet); the first call starts it. */
const loadCesiumEngine = () => {
  // A failed fetch (the network went away) is not kept: the next map tries again.
  cesiumEngine ??= import('./cesium-engine').catch((error: unknown) => {
    cesiumEngine = undefined;
    throw error;
  });
  return cesiumEngine;
};

/** Creates the 3D map in `container`; Cesium loads on the first call. */
export async function createMapEngine(container: HTMLElement, options: MapEngineOptions): Promise<MapEngine> {
  const { createCesiumEngine } = await loadCesiumEngine();
  const e2e = new URLSearchParams(window.location.search).has('e2e');
  let engine: MapEngine;
  try {
    engine = await createCesiumEngine(container, { ...options, preserveDrawingBuffer: e2e });
  } catch (error) {
    // Asked only when the map failed: the check creates a WebGL context of its own, which the
    // first map waited for (a large part of its set-up in software WebGL).
    if (!webglAvailable()) throw new Error('This browser cannot draw 3D maps (WebGL is not available).');
    throw error;
  }
  // The end-to-end tests' hook (web/e2e/viewer*.spec.ts), only when the page is opened with ?e2e.
  if (e2e)
    (window as unknown as { __viewer?: unknown }).__viewer = {
      engine,
      waitForIdle: engine.waitForIdle,
      toScreen: engine.toScreen,
      getPose: engine.getPose,
    };
  return engine;
}

let webgl: boolean | undefined;
/** Asked once: each check creates a WebGL context, which costs time and counts against the browser's limit. */
function webglAvailable(): boolean {
  if (webgl === undefined) {
    const canvas = document.createElement('canvas');
    try {
      webgl = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webgl = false;
    }
  }
  return webgl;
}
