/** How a drawing shows on the map: its points, its line or its area's outline, and the area's fill. */

import {
  ArcType,
  BlendOption,
  type Cartesian3,
  Color,
  ColorGeometryInstanceAttribute,
  type Geometry,
  GeometryInstance,
  Material,
  PerInstanceColorAppearance,
  PointPrimitive,
  PointPrimitiveCollection,
  PolygonGeometry,
  PolygonHierarchy,
  PolylineGeometry,
  PolylineMaterialAppearance,
  Primitive,
  type Scene,
} from 'cesium';

export type SketchGraphics = {
  draw(positions: readonly Cartesian3[]): void;
  /** The index of the drawing's point a pick found, if it is one. */
  pointIndex(picked: unknown): number | undefined;
  /** The points' collection: hidden for a moment while the surface under the pointer is picked. */
  readonly points: { show: boolean };
  /** The primitives drawn now (points, line, fill). */
  drawn(): object[];
  destroy(): void;
};

/**
 * Primitives rather than entities: they redraw at once when the points change (entities
 * with changing positions rebuild their geometry on every frame). Points, line and fill
 * are translucent, so they never write depth and `scene.pickPosition` sees through them.
 */
export function createSketchGraphics(
  scene: Scene,
  shape: 'line' | 'polygon',
  cssColor: string,
): SketchGraphics {
  const color = Color.fromCssColorString(cssColor) ?? Color.ORANGE;
  const points = scene.primitives.add(
    new PointPrimitiveCollection({ blendOption: BlendOption.TRANSLUCENT }),
  ) as PointPrimitiveCollection;
  let shapes: Primitive[] = [];

  const clearShapes = () => {
    for (const primitive of shapes) scene.primitives.remove(primitive);
    shapes = [];
  };

  return {
    points,

    draw(positions) {
      points.removeAll();
      for (const position of positions)
        points.add({
          position,
          pixelSize: 12,
          color,
          outlineColor: Color.WHITE,
          outlineWidth: 2,
          // Always on top: a point behind a hill or a roof can still be seen and dragged.
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        });
      clearShapes();
      const [first] = positions;
      const outline =
        shape === 'polygon' && first && positions.length > 2 ? [...positions, first] : positions;
      const line = lineGeometry(outline);
      if (line) shapes.push(scene.primitives.add(linePrimitive(line, color)) as Primitive);
      const fill = shape === 'polygon' && positions.length > 2 ? fillGeometry(positions) : undefined;
      if (fill) shapes.push(scene.primitives.add(fillPrimitive(fill, color)) as Primitive);
      scene.requestRender();
    },

    drawn: () => [points, ...shapes],

    pointIndex(picked) {
      const primitive = (picked as { primitive?: unknown } | undefined)?.primitive;
      if (!(primitive instanceof PointPrimitive)) return undefined;
      for (let i = 0; i < points.length; i++) if (points.get(i) === primitive) return i;
      return undefined;
    },

    destroy() {
      clearShapes();
      scene.primitives.remove(points);
      scene.requestRender();
    },
  };
}

/**
 * Geometry made here rather than by the primitive: points on top of each other or a
 * folded area make none, and a primitive failing inside Cesium's render loop would stop
 * the map for good.
 */
function lineGeometry(positions: readonly Cartesian3[]): Geometry | undefined {
  if (positions.length < 2) return undefined;
  try {
    return PolylineGeometry.createGeometry(
      new PolylineGeometry({
        positions: [...positions],
        width: 3,
        arcType: ArcType.GEODESIC,
        vertexFormat: PolylineMaterialAppearance.VERTEX_FORMAT,
      }),
    );
  } catch {
    return undefined;
  }
}

function fillGeometry(positions: readonly Cartesian3[]): Geometry | undefined {
  try {
    return PolygonGeometry.createGeometry(
      new PolygonGeometry({
        polygonHierarchy: new PolygonHierarchy([...positions]),
        perPositionHeight: true,
        vertexFormat: PerInstanceColorAppearance.FLAT_VERTEX_FORMAT,
      }),
    );
  } catch {
    return undefined;
  }
}

function linePrimitive(geometry: Geometry, color: Color) {
  const material = (type: string, uniforms: object) =>
    new PolylineMaterialAppearance({ material: Material.fromType(type, uniforms), translucent: true });
  return new Primitive({
    geometryInstances: new GeometryInstance({ geometry }),
    appearance: material('Color', { color: color.withAlpha(0.95) }),
    // Drawn where the globe or a building is in front too, as the points are: the line lies
    // on the surface, and the globe's tiles, flat triangles, cover parts of it.
    depthFailAppearance: material('Color', { color: color.withAlpha(0.95) }),
    asynchronous: false,
    allowPicking: false,
  });
}

function fillPrimitive(geometry: Geometry, color: Color) {
  return new Primitive({
    geometryInstances: new GeometryInstance({
      geometry,
      attributes: { color: ColorGeometryInstanceAttribute.fromColor(color.withAlpha(0.25)) },
    }),
    appearance: new PerInstanceColorAppearance({ flat: true, translucent: true }),
    asynchronous: false,
    allowPicking: false,
  });
}
