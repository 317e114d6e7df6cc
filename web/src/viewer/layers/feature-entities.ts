/** Features drawn as Cesium entities: styled from the layer's template, and where they lie. */

import type { LayerTemplate } from '@geows/contract';
import {
  BoundingSphere,
  Cartesian2,
  type Cartesian3,
  Color,
  type Entity,
  type EntityCollection,
  HeightReference,
  JulianDate,
  LabelStyle,
  type PolygonHierarchy,
  type SplitDirection,
  VerticalOrigin,
} from 'cesium';
import { defaultFeatureColours, defaultPointSize, featureFill } from '../feature-style';
import type { OnGlobe } from './on-globe';
import { symbolImage } from './point-symbols';
import { isHoleOutline, isOnGround, outlineRings } from './ring-outlines';

export { type OnGlobe, onGlobe } from './on-globe';

/** Parses each CSS colour once per styling, however many features share it. */
function colours(opacity: number) {
  const known = new Map<string, Color>();
  return (css: string, fallback: string) => {
    const key = `${css}|${fallback}`;
    let color = known.get(key);
    if (!color) {
      const parsed = Color.fromCssColorString(css) ?? Color.fromCssColorString(fallback) ?? Color.WHITE;
      color = parsed.withAlpha(parsed.alpha * opacity);
      known.set(key, color);
    }
    return color;
  };
}

/** A point of the GeoJSON: Cesium loads it as a billboard, which styling turns into the symbol. */
const isPoint = (entity: Entity) =>
  Boolean((entity.billboard || entity.point) && !entity.polygon && !entity.polyline);

/**
 * Styles a layer's entities from its template: fill (by the feature's class when the
 * template colours by an attribute), outline, opacity, extrusion by a property, point
 * symbol and size, and a label per feature.
 */
export function styleEntities(
  collection: EntityCollection,
  template: LayerTemplate,
  opacity: number,
  onGlobe: OnGlobe,
) {
  const colour = colours(opacity);
  const outline = colour(
    template.outlineColor ?? defaultFeatureColours.outline,
    defaultFeatureColours.outline,
  );
  const now = JulianDate.now();
  collection.suspendEvents();
  // A copy: outlining holes adds entities to the collection.
  for (const entity of [...collection.values]) {
    if (isHoleOutline(entity)) continue;
    const properties = entity.properties?.getValue(now) as Record<string, unknown> | undefined;
    const fill = colour(featureFill(template, properties), defaultFeatureColours.fill);
    if (entity.polygon) stylePolygon(collection, entity, template, { fill, outline, properties, now });
    else if (entity.polyline) {
      entity.polyline.material = outline as never;
      entity.polyline.width = (template.outlineWidth ?? 2) as never;
    }
    if (isPoint(entity)) stylePoint(entity, template, { fill, outline, opacity, onGlobe, now });
    const text = template.label === undefined ? undefined : properties?.[template.label];
    if (text !== undefined && text !== null) label(entity, String(text), opacity, onGlobe, now);
  }
  collection.resumeEvents();
}

type PolygonLook = {
  fill: Color;
  outline: Color;
  properties: Record<string, unknown> | undefined;
  now: JulianDate;
};

function stylePolygon(
  collection: EntityCollection,
  entity: Entity,
  template: LayerTemplate,
  { fill, outline, properties, now }: PolygonLook,
) {
  const polygon = entity.polygon;
  if (!polygon) return;
  polygon.material = fill as never;
  polygon.outlineColor = outline as never;
  if (template.extrude) {
    const value = Number(properties?.[template.extrude.property]);
    if (Number.isFinite(value)) {
      polygon.extrudedHeight = (value * (template.extrude.scale ?? 1)) as never;
      polygon.outline = true as never;
    }
  }
  if (isOnGround(entity, now)) {
    polygon.outline = false as never;
    const hierarchy = polygon.hierarchy?.getValue(now) as PolygonHierarchy | undefined;
    if (hierarchy) outlineRings(collection, entity, hierarchy, outline, template.outlineWidth ?? 1);
  }
}

type PointLook = { fill: Color; outline: Color; opacity: number; onGlobe: OnGlobe; now: JulianDate };

function stylePoint(entity: Entity, template: LayerTemplate, look: PointLook) {
  const position = entity.position?.getValue(look.now);
  if (!position) return;
  // A point stays visible even when the fill of areas is faint.
  const fill = look.fill.withAlpha(Math.max(look.fill.alpha, 0.9 * look.opacity));
  const size = template.pointSize ?? defaultPointSize;
  const symbol = template.pointSymbol ?? 'circle';
  const placed = { heightReference: HeightReference.CLAMP_TO_GROUND, ...look.onGlobe(position) };
  if (symbol === 'circle') {
    entity.billboard = undefined as never;
    entity.point = {
      pixelSize: size,
      color: fill,
      outlineColor: look.outline,
      outlineWidth: 1,
      ...placed,
    } as never;
    return;
  }
  entity.point = undefined as never;
  entity.billboard = {
    image: symbolImage({
      symbol,
      size,
      fill: fill.toCssColorString(),
      outline: look.outline.toCssColorString(),
    }),
    width: size,
    height: size,
    ...placed,
  } as never;
}

function label(entity: Entity, text: string, opacity: number, onGlobe: OnGlobe, now: JulianDate) {
  if (!entity.position && entity.polygon) {
    const hierarchy = entity.polygon.hierarchy?.getValue(now) as PolygonHierarchy | undefined;
    if (hierarchy?.positions.length)
      entity.position = BoundingSphere.fromPoints(hierarchy.positions).center as never;
  }
  const position = entity.position?.getValue(now) as Cartesian3 | undefined;
  if (!position) return;
  entity.label = {
    text,
    font: '14px sans-serif',
    fillColor: Color.WHITE.withAlpha(opacity),
    outlineColor: Color.BLACK.withAlpha(opacity),
    outlineWidth: 3,
    style: LabelStyle.FILL_AND_OUTLINE,
    verticalOrigin: VerticalOrigin.BOTTOM,
    // Above a point's symbol, not across it.
    pixelOffset: new Cartesian2(0, -7),
    heightReference: HeightReference.CLAMP_TO_GROUND,
    ...onGlobe(position),
  } as never;
}

/**
 * Puts the points on a side of the compare divider. Of the entities Cesium (1.140)
 * splits only points and billboards: lines, areas and labels draw on both sides, which
 * is why the editor offers no side for a layer of features (tools/split).
 */
export function splitPoints(entities: readonly Entity[], direction: SplitDirection) {
  for (const entity of entities) {
    if (entity.point) entity.point.splitDirection = direction as never;
    if (entity.billboard) entity.billboard.splitDirection = direction as never;
  }
}

/** Every position of the entities, for zooming to them. */
export function entityPositions(entities: readonly Entity[]): Cartesian3[] {
  const now = JulianDate.now();
  const points: Cartesian3[] = [];
  for (const entity of entities) {
    const hierarchy = entity.polygon?.hierarchy?.getValue(now) as PolygonHierarchy | undefined;
    if (hierarchy) points.push(...hierarchy.positions);
    // A polygon's outline repeats its ring.
    const line = entity.polygon ? undefined : (entity.polyline?.positions?.getValue(now) as Cartesian3[]);
    if (line) points.push(...line);
    const point = entity.position?.getValue(now);
    if (point) points.push(point);
  }
  return points;
}
