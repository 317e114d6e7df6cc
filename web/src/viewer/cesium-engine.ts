import 'cesium/Build/Cesium/Widgets/widgets.css';
import type { LayerTemplate } from '@geows/contract';
import {
  ArcGisMapServerImageryProvider,
  BoundingSphere,
  buildModuleUrl,
  CallbackProperty,
  Cartesian2,
  Cartesian3,
  Cesium3DTileStyle,
  Cesium3DTileset,
  Math as CesiumMath,
  CesiumTerrainProvider,
  CesiumWidget,
  Color,
  EllipsoidTerrainProvider,
  type Entity,
  GeoJsonDataSource,
  HeadingPitchRange,
  HeightReference,
  ImageryLayer,
  type ImageryProvider,
  JulianDate,
  LabelStyle,
  type PolygonHierarchy,
  RequestScheduler,
  Resource,
  SceneTransforms,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
  TileMapServiceImageryProvider,
  UrlTemplateImageryProvider,
  VerticalOrigin,
  WebMapServiceImageryProvider,
  WebMapTileServiceImageryProvider,
  WebMercatorTilingScheme,
} from 'cesium';
import { defaultFeatureColours } from './feature-style';
import { imageryStatus, layerKey, type TileCounts } from './layer-status';
import type {
  Camera,
  LayerStatus,
  MapEngine,
  MapEngineOptions,
  PickedFeature,
  ViewerLayer,
  ViewState,
} from './map-engine';

/** What is on the map for one layer. */
type Entry = {
  layer: ViewerLayer;
  key: string;
  status: LayerStatus;
  imagery?: ImageryLayer;
  tiles?: TileCounts;
  tileset?: Cesium3DTileset;
  dataSource?: GeoJsonDataSource;
  /** The opacity the entities were last coloured with. */
  styledOpacity?: number;
  terrain?: CesiumTerrainProvider;
  removed: boolean;
};

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** Cesium's bundled Natural Earth II: the imagery that works with no internet. */
const naturalEarth = () =>
  TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII'));

const color = (css: string | undefined, fallback: Color) =>
  (css ? Color.fromCssColorString(css) : undefined) ?? fallback;

/**
 * Styles a GeoJSON layer's entities from its template: fill, outline, opacity,
 * extrusion by a property and a label per feature.
 */
/**
 * Points and labels sit on the globe: depth-tested against it they sink half into it, and
 * without the test they show through it from its far side. So the test is off up to the
 * horizon's distance from the camera and on beyond it (where only the far side lies).
 */
type OnGlobe = { disableDepthTestDistance: CallbackProperty };

function styleEntities(
  entities: readonly Entity[],
  template: LayerTemplate,
  opacity: number,
  onGlobe: OnGlobe,
) {
  const fill = color(template.color, Color.fromCssColorString(defaultFeatureColours.fill));
  const outline = color(template.outlineColor, Color.fromCssColorString(defaultFeatureColours.outline));
  const fillColor = fill.withAlpha(fill.alpha * opacity);
  const outlineColor = outline.withAlpha(outline.alpha * opacity);
  const now = JulianDate.now();
  for (const entity of entities) {
    const properties = entity.properties?.getValue(now) as Record<string, unknown> | undefined;
    if (entity.polygon) {
      entity.polygon.material = fillColor as never;
      entity.polygon.outlineColor = outlineColor as never;
      if (template.extrude) {
        const value = Number(properties?.[template.extrude.property]);
        if (Number.isFinite(value)) {
          entity.polygon.extrudedHeight = (value * (template.extrude.scale ?? 1)) as never;
          entity.polygon.outline = true as never;
        }
      }
    }
    if (entity.polyline) {
      entity.polyline.material = outlineColor as never;
      entity.polyline.width = (template.outlineWidth ?? 2) as never;
    }
    if (entity.billboard) {
      // Points: a coloured dot rather than Cesium's pin (which needs an image).
      entity.billboard = undefined as never;
      entity.point = {
        pixelSize: 10,
        color: fillColor.withAlpha(Math.max(fillColor.alpha, 0.9 * opacity)),
        outlineColor,
        outlineWidth: 1,
        heightReference: HeightReference.CLAMP_TO_GROUND,
        ...onGlobe,
      } as never;
    }
    if (template.label && properties && properties[template.label] !== undefined) {
      entity.label = {
        text: String(properties[template.label]),
        font: '14px sans-serif',
        fillColor: Color.WHITE.withAlpha(opacity),
        outlineColor: Color.BLACK.withAlpha(opacity),
        outlineWidth: 3,
        style: LabelStyle.FILL_AND_OUTLINE,
        verticalOrigin: VerticalOrigin.BOTTOM,
        // Above a point's dot, not across it.
        pixelOffset: new Cartesian2(0, -7),
        heightReference: HeightReference.CLAMP_TO_GROUND,
        ...onGlobe,
      } as never;
      if (!entity.position && entity.polygon) {
        const hierarchy = entity.polygon.hierarchy?.getValue(now) as PolygonHierarchy | undefined;
        if (hierarchy?.positions.length)
          entity.position = BoundingSphere.fromPoints(hierarchy.positions).center as never;
      }
    }
  }
}

/** Every position of a data source's entities, for zooming to it. */
function entityPositions(entities: readonly Entity[]): Cartesian3[] {
  const now = JulianDate.now();
  const points: Cartesian3[] = [];
  for (const entity of entities) {
    const hierarchy = entity.polygon?.hierarchy?.getValue(now) as PolygonHierarchy | undefined;
    if (hierarchy) points.push(...hierarchy.positions);
    const line = entity.polyline?.positions?.getValue(now) as Cartesian3[] | undefined;
    if (line) points.push(...line);
    const point = entity.position?.getValue(now);
    if (point) points.push(point);
  }
  return points;
}

/** An ArcGIS FeatureServer layer's query for every feature as GeoJSON. */
function featureServerQuery(url: string, template: LayerTemplate): string {
  const base = url.replace(/\/+$/, '');
  const layer = /\/FeatureServer$/i.test(base) ? `/${template.layers ?? '0'}` : '';
  const query = new URLSearchParams({ where: '1=1', outFields: '*', outSR: '4326', f: 'geojson' });
  return `${base}${layer}/query?${query}`;
}
/** A readable message for what Cesium rejects with: an Error, a RequestErrorEvent (status code) or text. */
function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number') return `The server answered ${status}.`;
  return 'The layer could not be loaded.';
}

/**
 * The Cesium map without Ion, with Cesium's bundled Natural Earth II as the base (works
 * offline). A bare CesiumWidget rather than a Viewer: the Viewer's widgets bind with
 * Knockout, which evaluates strings and so needs 'unsafe-eval' in the CSP; our own
 * controls (React) replace them, so no geocoder, base layer picker, timeline or animation.
 */
export async function createCesiumEngine(
  container: HTMLElement,
  options: MapEngineOptions,
): Promise<MapEngine> {
  // The globe's own base: shown only while no layer of the workspace is the built-in imagery.
  const fallbackBase = ImageryLayer.fromProviderAsync(naturalEarth(), {});
  const viewer = new CesiumWidget(container, {
    baseLayer: fallbackBase,
    terrainProvider: new EllipsoidTerrainProvider(),
    // Only the globe: polygons across the antimeridian (Russia, Fiji) then draw right.
    scene3DOnly: true,
    // Draws only when something changed: much less work for the CPU and the battery.
    requestRenderMode: true,
    maximumRenderTimeChange: Number.POSITIVE_INFINITY,
    contextOptions: { webgl: { preserveDrawingBuffer: options.preserveDrawingBuffer ?? false } },
  });
  const scene = viewer.scene;
  // Points and labels beyond the horizon are hidden by the globe (see OnGlobe).
  scene.globe.depthTestAgainstTerrain = true;
  const onGlobe: OnGlobe = {
    disableDepthTestDistance: new CallbackProperty(() => {
      const height = Math.max(scene.camera.positionCartographic.height, 0);
      return Math.sqrt(height * (height + 2 * scene.globe.ellipsoid.maximumRadius));
    }, false),
  };
  const entries = new Map<string, Entry>();
  const statusListeners = new Set<(status: LayerStatus) => void>();
  let destroyed = false;

  const report = (entry: Entry, status: Omit<LayerStatus, 'id'>) => {
    if (entry.removed || destroyed) return;
    if (entry.status.state === status.state && entry.status.message === status.message) return;
    entry.status = { id: entry.layer.id, ...status };
    for (const listener of statusListeners) listener(entry.status);
    scene.requestRender();
  };

  /** Counts every tile request of the provider, so a layer whose tiles all fail shows as broken. */
  const watchTiles = (entry: Entry, provider: ImageryProvider) => {
    const tiles: TileCounts = { ok: 0, failed: 0, lastError: '' };
    entry.tiles = tiles;
    const requestImage = provider.requestImage.bind(provider);
    provider.requestImage = (x, y, level, request) => {
      const pending = requestImage(x, y, level, request);
      pending?.then(
        () => {
          tiles.ok += 1;
          report(entry, imageryStatus(tiles));
        },
        (error: unknown) => {
          tiles.failed += 1;
          tiles.lastError = errorMessage(error);
          report(entry, imageryStatus(tiles));
        },
      );
      return pending;
    };
    // Errors Cesium reports for tiles are handled here (no retries), not logged to the console.
    provider.errorEvent.addEventListener(() => undefined);
  };

  const addImagery = (entry: Entry, providerPromise: Promise<ImageryProvider>) => {
    const imagery = ImageryLayer.fromProviderAsync(
      providerPromise.then((provider) => {
        watchTiles(entry, provider);
        return provider;
      }),
      {},
    );
    imagery.errorEvent.addEventListener((error: unknown) =>
      report(entry, { state: 'error', message: errorMessage(error) }),
    );
    entry.imagery = imagery;
    viewer.imageryLayers.add(imagery);
  };

  const create = (entry: Entry) => {
    const { kind, config, template } = entry.layer;
    const url = text(config.url);
    try {
      switch (kind) {
        case 'builtin': {
          addImagery(entry, naturalEarth());
          return;
        }
        case 'xyz': {
          const subdomains = Array.isArray(config.subdomains) ? (config.subdomains as string[]) : [];
          addImagery(
            entry,
            Promise.resolve(
              new UrlTemplateImageryProvider({
                url,
                ...(subdomains.length > 0 ? { subdomains } : {}),
                minimumLevel: typeof config.minimumLevel === 'number' ? config.minimumLevel : 0,
                maximumLevel: typeof config.maximumLevel === 'number' ? config.maximumLevel : 19,
                credit: text(config.credit) || undefined,
              }),
            ),
          );
          return;
        }
        case 'wms': {
          const version = text(config.version, '1.3.0');
          const parameters = {
            format: text(config.format, 'image/png'),
            transparent: config.transparent !== false,
            version,
            ...(config.parameters as Record<string, string> | undefined),
            ...template.parameters,
          };
          addImagery(
            entry,
            Promise.resolve(
              new WebMapServiceImageryProvider({
                url,
                layers: template.layers ?? text(config.layers),
                parameters,
                ...(version === '1.3.0' ? { crs: 'EPSG:4326' } : { srs: 'EPSG:4326' }),
                getFeatureInfoParameters: { version },
              }),
            ),
          );
          return;
        }
        case 'wmts': {
          const matrixSet = text(config.tileMatrixSetID);
          const mercator = /google|3857|900913|webmercator/i.test(matrixSet);
          addImagery(
            entry,
            Promise.resolve(
              new WebMapTileServiceImageryProvider({
                url,
                layer: template.layers ?? text(config.layer),
                style: text(config.style, 'default'),
                tileMatrixSetID: matrixSet,
                format: text(config.format, 'image/png'),
                ...(mercator ? { tilingScheme: new WebMercatorTilingScheme() } : {}),
              }),
            ),
          );
          return;
        }
        case 'arcgis-mapserver': {
          const token = text(config.token);
          const layers = template.layers ?? text(config.layers);
          addImagery(
            entry,
            ArcGisMapServerImageryProvider.fromUrl(url, {
              ...(token ? { token } : {}),
              ...(layers ? { layers } : {}),
            }),
          );
          return;
        }
        case '3dtiles': {
          const maximumScreenSpaceError =
            template.maximumScreenSpaceError ??
            (typeof config.maximumScreenSpaceError === 'number' ? config.maximumScreenSpaceError : 16);
          Cesium3DTileset.fromUrl(url, { maximumScreenSpaceError }).then(
            (tileset) => {
              if (entry.removed || destroyed) {
                tileset.destroy();
                return;
              }
              entry.tileset = tileset;
              tileset.show = entry.layer.visible;
              applyDisplay(entry);
              tileset.tileFailed.addEventListener((error: { message?: string }) =>
                report(entry, { state: 'error', message: error.message ?? 'A tile could not be loaded.' }),
              );
              scene.primitives.add(tileset);
              report(entry, { state: 'ready' });
            },
            (error: unknown) => report(entry, { state: 'error', message: errorMessage(error) }),
          );
          return;
        }
        case 'geojson':
        case 'arcgis-featureserver': {
          const source =
            kind === 'geojson' ? url : Resource.fetchJson({ url: featureServerQuery(url, template) });
          Promise.resolve(source)
            .then((data) => {
              const error = (data as { error?: { message?: string } } | null)?.error;
              if (error) throw new Error(error.message ?? 'The feature service refused the query.');
              // Extruded shapes stand on the ellipsoid; flat ones drape over terrain.
              return GeoJsonDataSource.load(data as string | object, {
                clampToGround: !template.extrude && config.clampToGround !== false,
              });
            })
            .then(
              async (dataSource) => {
                if (entry.removed || destroyed) return;
                entry.dataSource = dataSource;
                styleEntities(dataSource.entities.values, template, entry.layer.opacity, onGlobe);
                entry.styledOpacity = entry.layer.opacity;
                dataSource.show = entry.layer.visible;
                await viewer.dataSources.add(dataSource);
                report(entry, { state: 'ready' });
              },
              (error: unknown) => report(entry, { state: 'error', message: errorMessage(error) }),
            );
          return;
        }
        case 'cesium-terrain': {
          CesiumTerrainProvider.fromUrl(url, {
            requestVertexNormals: config.requestVertexNormals !== false,
          }).then(
            (terrain) => {
              if (entry.removed || destroyed) return;
              entry.terrain = terrain;
              applyTerrain();
              report(entry, { state: 'ready' });
            },
            (error: unknown) => report(entry, { state: 'error', message: errorMessage(error) }),
          );
          return;
        }
        default:
          report(entry, { state: 'error', message: `Unsupported layer kind: ${String(kind)}` });
      }
    } catch (error) {
      report(entry, { state: 'error', message: errorMessage(error) });
    }
  };

  /** The first visible terrain layer shapes the globe; none: the plain ellipsoid. */
  const applyTerrain = () => {
    const terrain = [...entries.values()].find((e) => e.terrain && e.layer.visible)?.terrain;
    const next = terrain ?? new EllipsoidTerrainProvider();
    if (terrain || !(scene.terrainProvider instanceof EllipsoidTerrainProvider)) scene.terrainProvider = next;
  };

  const remove = (entry: Entry) => {
    entry.removed = true;
    if (entry.imagery) viewer.imageryLayers.remove(entry.imagery, true);
    if (entry.tileset) scene.primitives.remove(entry.tileset);
    if (entry.dataSource) viewer.dataSources.remove(entry.dataSource, true);
  };

  const applyDisplay = (entry: Entry) => {
    const { visible, opacity } = entry.layer;
    if (entry.imagery) {
      entry.imagery.show = visible;
      entry.imagery.alpha = opacity;
    }
    if (entry.tileset) {
      entry.tileset.show = visible;
      entry.tileset.style =
        opacity < 1 ? new Cesium3DTileStyle({ color: `color('white', ${opacity})` }) : undefined;
    }
    if (entry.dataSource) {
      entry.dataSource.show = visible;
      if (entry.styledOpacity !== opacity) {
        styleEntities(entry.dataSource.entities.values, entry.layer.template, opacity, onGlobe);
        entry.styledOpacity = opacity;
      }
    }
  };

  /** The built-in base shows under everything only while the workspace has no built-in layer of its own. */
  const applyFallbackBase = () => {
    fallbackBase.show = ![...entries.values()].some((entry) => entry.layer.kind === 'builtin');
  };

  /** The point of the globe in the centre of the map, or undefined when the centre shows the sky. */
  const centrePoint = () =>
    scene.camera.pickEllipsoid(
      new Cartesian2(scene.canvas.clientWidth / 2, scene.canvas.clientHeight / 2),
      scene.globe.ellipsoid,
    );

  /** Flies around the centre point to `heading` and `pitch` (radians), keeping the distance. */
  const orbitCentre = (heading: number, pitch: number) => {
    const centre = centrePoint();
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
  };

  const viewState = (): ViewState => {
    const x = scene.canvas.clientWidth / 2;
    const y = scene.canvas.clientHeight / 2;
    const a = scene.camera.pickEllipsoid(new Cartesian2(x, y), scene.globe.ellipsoid);
    const b = scene.camera.pickEllipsoid(new Cartesian2(x + 1, y), scene.globe.ellipsoid);
    return {
      heading: CesiumMath.toDegrees(scene.camera.heading),
      pitch: CesiumMath.toDegrees(scene.camera.pitch),
      ...(a && b ? { metresPerPixel: Cartesian3.distance(a, b) } : {}),
    };
  };

  const engine: MapEngine = {
    setLayers(layers) {
      const wanted = new Set(layers.map((l) => l.id));
      for (const [id, entry] of entries) {
        if (!wanted.has(id)) {
          remove(entry);
          entries.delete(id);
        }
      }
      for (const layer of layers) {
        const key = layerKey(layer);
        let entry = entries.get(layer.id);
        if (entry && entry.key !== key) {
          remove(entry);
          entry = undefined;
        }
        if (!entry) {
          entry = { layer, key, status: { id: layer.id, state: 'loading' }, removed: false };
          entries.set(layer.id, entry);
          for (const listener of statusListeners) listener(entry.status);
          create(entry);
        }
        entry.layer = layer;
        applyDisplay(entry);
      }
      // The first layer of the list lies on top.
      for (const layer of [...layers].reverse()) {
        const imagery = entries.get(layer.id)?.imagery;
        if (imagery) viewer.imageryLayers.raiseToTop(imagery);
      }
      applyTerrain();
      applyFallbackBase();
      scene.requestRender();
    },

    zoomToLayer(id) {
      const entry = entries.get(id);
      if (!entry) return;
      if (entry.tileset) {
        scene.camera.flyToBoundingSphere(entry.tileset.boundingSphere, { duration: 1.5 });
      } else if (entry.dataSource) {
        const points = entityPositions(entry.dataSource.entities.values);
        if (points.length > 0)
          scene.camera.flyToBoundingSphere(BoundingSphere.fromPoints(points), { duration: 1.5 });
      } else if (entry.imagery?.ready) {
        const rectangle = entry.imagery.imageryProvider.rectangle;
        scene.camera.flyTo({ destination: rectangle, duration: 1.5 });
      }
      scene.requestRender();
    },

    getCamera() {
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
    },

    flyTo(camera: Camera, duration?: number) {
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
    },

    zoomIn() {
      scene.camera.zoomIn(scene.camera.positionCartographic.height * 0.5);
      scene.requestRender();
    },

    zoomOut() {
      scene.camera.zoomOut(scene.camera.positionCartographic.height);
      scene.requestRender();
    },

    faceNorth() {
      orbitCentre(0, scene.camera.pitch);
    },

    tiltTo(pitch: number) {
      orbitCentre(scene.camera.heading, CesiumMath.toRadians(pitch));
    },

    onViewChange(callback) {
      const send = () => {
        if (!destroyed) callback(viewState());
      };
      // `changed` fires once the view moved by this share; `moveEnd` gives the final state.
      scene.camera.percentageChanged = 0.02;
      const removeChanged = scene.camera.changed.addEventListener(send);
      const removeMoveEnd = scene.camera.moveEnd.addEventListener(send);
      send();
      return () => {
        removeChanged();
        removeMoveEnd();
      };
    },

    onLayerStatus(callback) {
      statusListeners.add(callback);
      for (const entry of entries.values()) callback(entry.status);
      return () => statusListeners.delete(callback);
    },

    onPick(callback) {
      const handler = new ScreenSpaceEventHandler(scene.canvas);
      handler.setInputAction(async (click: { position: Cartesian2 }) => {
        const found: PickedFeature[] = [];
        // Features drawn as entities (GeoJSON, FeatureServer): their properties.
        const picked = scene.pick(click.position) as { id?: unknown } | undefined;
        const entity = picked?.id as Entity | undefined;
        if (entity?.properties) {
          const owner = [...entries.values()].find((e) => e.dataSource?.entities.contains(entity));
          if (owner) {
            const values = entity.properties.getValue(JulianDate.now()) as Record<string, unknown>;
            found.push({
              layerId: owner.layer.id,
              title: entity.name ?? '',
              properties: Object.fromEntries(
                Object.entries(values).map(([key, value]) => [
                  key,
                  typeof value === 'object' ? JSON.stringify(value) : String(value),
                ]),
              ),
            });
          }
        }
        // Imagery that answers feature requests (WMS GetFeatureInfo, ArcGIS identify).
        const ray = scene.camera.getPickRay(click.position);
        const infos = ray ? await viewer.imageryLayers.pickImageryLayerFeatures(ray, scene) : undefined;
        for (const info of infos ?? []) {
          const owner = [...entries.values()].find((e) => e.imagery === info.imageryLayer);
          if (!owner) continue;
          const data = (info.data ?? {}) as { properties?: Record<string, unknown> };
          const properties = Object.fromEntries(
            Object.entries(data.properties ?? {}).map(([key, value]) => [key, String(value)]),
          );
          found.push({
            layerId: owner.layer.id,
            title: info.name ?? '',
            properties,
            ...(info.description && Object.keys(properties).length === 0 ? { html: info.description } : {}),
          });
        }
        if (!destroyed) callback(found);
      }, ScreenSpaceEventType.LEFT_CLICK);
      return () => handler.destroy();
    },

    onPointerMove(callback) {
      const handler = new ScreenSpaceEventHandler(scene.canvas);
      handler.setInputAction((movement: { endPosition: Cartesian2 }) => {
        const point = scene.camera.pickEllipsoid(movement.endPosition, scene.globe.ellipsoid);
        if (!point) {
          callback(null);
          return;
        }
        const cartographic = scene.globe.ellipsoid.cartesianToCartographic(point);
        callback({
          longitude: CesiumMath.toDegrees(cartographic.longitude),
          latitude: CesiumMath.toDegrees(cartographic.latitude),
        });
      }, ScreenSpaceEventType.MOUSE_MOVE);
      return () => handler.destroy();
    },

    waitForIdle(timeoutMs = 60_000) {
      const scheduler = RequestScheduler as unknown as { statistics: { numberOfActiveRequests: number } };
      return new Promise<void>((resolve, reject) => {
        let quietFrames = 0;
        const isIdle = () =>
          scene.globe.tilesLoaded &&
          viewer.imageryLayers.length === countReady() &&
          // A hidden imagery layer asks for no tiles, so it stays 'loading' until shown: nothing of it to wait for.
          [...entries.values()].every(
            (e) =>
              (e.status.state !== 'loading' || !e.layer.visible) &&
              (!e.tileset?.show || e.tileset.tilesLoaded),
          ) &&
          viewer.dataSourceDisplay.ready &&
          [...entries.values()].every((e) => !e.dataSource?.isLoading) &&
          scheduler.statistics.numberOfActiveRequests === 0;
        const countReady = () => {
          let ready = 0;
          for (let i = 0; i < viewer.imageryLayers.length; i++) {
            const layer = viewer.imageryLayers.get(i);
            // A layer whose provider failed never becomes ready, and never will draw anything more.
            if (
              layer.ready ||
              [...entries.values()].some((e) => e.imagery === layer && e.status.state === 'error')
            )
              ready += 1;
          }
          return ready;
        };
        const finish = (error?: Error) => {
          clearTimeout(timer);
          clearInterval(ticking);
          removeRender();
          removeError();
          if (error) reject(error);
          else resolve();
        };
        // Asks for frames: in request-render mode nothing would draw otherwise. On a timer rather
        // than from each frame, so that a frame Cesium skips does not end the chain.
        const ticking = setInterval(() => scene.requestRender(), 50);
        let frames = 0;
        const removeRender = scene.postRender.addEventListener(() => {
          frames += 1;
          quietFrames = isIdle() ? quietFrames + 1 : 0;
          if (quietFrames >= 4) finish();
        });
        const removeError = scene.renderError.addEventListener((_scene: unknown, error: unknown) =>
          finish(new Error(`Cesium stopped rendering: ${errorMessage(error)}`)),
        );
        const pending = () =>
          [
            scene.globe.tilesLoaded ? '' : 'globe tiles',
            viewer.imageryLayers.length === countReady()
              ? ''
              : `${viewer.imageryLayers.length - countReady()} imagery layers not ready`,
            ...[...entries.values()].map((e) =>
              e.status.state === 'loading' && e.layer.visible ? `layer ${e.layer.id} loading` : '',
            ),
            ...[...entries.values()].map((e) =>
              e.tileset?.show && !e.tileset.tilesLoaded ? `layer ${e.layer.id} tiles` : '',
            ),
            viewer.dataSourceDisplay.ready ? '' : 'data sources',
            `${scheduler.statistics.numberOfActiveRequests} requests`,
            `${frames} frames drawn`,
          ]
            .filter(Boolean)
            .join(', ');
        const timer = setTimeout(
          () => finish(new Error(`The map did not become idle in time (${pending()})`)),
          timeoutMs,
        );
        scene.requestRender();
      });
    },

    toScreen(longitude, latitude, height = 0) {
      const point = SceneTransforms.worldToWindowCoordinates(
        scene,
        Cartesian3.fromDegrees(longitude, latitude, height),
      );
      return point ? { x: point.x, y: point.y } : undefined;
    },

    destroy() {
      destroyed = true;
      statusListeners.clear();
      for (const entry of entries.values()) entry.removed = true;
      entries.clear();
      if (!viewer.isDestroyed()) viewer.destroy();
    },
  };

  engine.flyTo(options.camera, 0);
  return engine;
}
