/**
 * Outlines of polygons draped on terrain. Cesium draws no outline of a ground polygon
 * ("Entity geometry outlines are unsupported on terrain"), so each ring becomes a
 * ground-clamped polyline: the outer ring on the polygon's own entity (a pick of the
 * border finds the feature), each hole on an entity of its own with the same attributes.
 */

import {
  ArcType,
  Cartesian3,
  type Color,
  type Entity,
  type EntityCollection,
  type JulianDate,
  type PolygonHierarchy,
  PolylineGraphics,
} from 'cesium';

/** The entities made for holes, which styling leaves to their polygon. */
const holeOutlines = new WeakSet<Entity>();
export const isHoleOutline = (entity: Entity) => holeOutlines.has(entity);

/** A polygon that drapes over the terrain: no height of its own, none per position, not extruded. */
export function isOnGround(entity: Entity, now: JulianDate): boolean {
  const polygon = entity.polygon;
  if (!polygon) return false;
  return (
    polygon.height === undefined &&
    polygon.extrudedHeight === undefined &&
    polygon.perPositionHeight?.getValue(now) !== true
  );
}

const closed = (positions: readonly Cartesian3[]) => {
  const first = positions[0];
  const last = positions[positions.length - 1];
  return first && last && !Cartesian3.equals(first, last) ? [...positions, first] : [...positions];
};

const ring = (positions: readonly Cartesian3[], color: Color, width: number) =>
  new PolylineGraphics({
    positions: closed(positions),
    clampToGround: true,
    // The polygon's edges follow rhumb lines (GeoJsonDataSource): the outline follows them too.
    arcType: ArcType.RHUMB,
    width,
    material: color,
    show: width > 0,
  });

/** Draws (or restyles) the outline of a ground polygon's rings; a width of 0 hides them. */
export function outlineRings(
  collection: EntityCollection,
  entity: Entity,
  hierarchy: PolygonHierarchy,
  color: Color,
  width: number,
) {
  entity.polyline = ring(hierarchy.positions, color, width);
  hierarchy.holes.forEach((hole: PolygonHierarchy, index) => {
    const id = `${entity.id}#hole-${index}`;
    const outline = collection.getById(id) ?? collection.add({ id, properties: entity.properties });
    holeOutlines.add(outline);
    outline.polyline = ring(hole.positions, color, width);
  });
}
