/** Features drawn as Cesium entities: styled from the layer's template, and where they lie. */

import type { LayerTemplate } from '@geows/contract';
import {
  BoundingSphere,
  CallbackProperty,
  Cartesian2,
  type Cartesian3,
  Color,
  type Entity,
  HeightReference,
  JulianDate,
  LabelStyle,
  type PolygonHierarchy,
  type Scene,
  type SplitDirection,
  VerticalOrigin,
} from 'cesium';
import { defaultFeatureColours } from '../feature-style';

/**
 * Points and labels sit on the globe: depth-tested against it they sink half into it, and
 * without the test they show through it from its far side. So the test is off up to the
 * horizon's distance from the camera and on beyond it (where only the far side lies);
 * the globe must test depth against terrain for the far side to hide them.
 */
export type OnGlobe = { disableDepthTestDistance: CallbackProperty };

export const onGlobe = (scene: Scene): OnGlobe => ({
  disableDepthTestDistance: new CallbackProperty(() => {
    const height = Math.max(scene.camera.positionCartographic.height, 0);
    return Math.sqrt(height * (height + 2 * scene.globe.ellipsoid.maximumRadius));
  }, false),
});

const color = (css: string | undefined, fallback: Color) =>
  (css ? Color.fromCssColorString(css) : undefined) ?? fallback;

/**
 * Styles a layer's entities from its template: fill, outline, opacity, extrusion by a
 * property and a label per feature.
 */
export function styleEntities(
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

/**
 * Puts the points on a side of the compare divider. Of the entities Cesium (1.140)
 * splits only points and billboards: lines, areas and labels draw on both sides, which
 * is why the editor offers no side for a layer of features (tools/split).
 */
export function splitPoints(entities: readonly Entity[], direction: SplitDirection) {
  for (const entity of entities) if (entity.point) entity.point.splitDirection = direction as never;
}

/** Every position of the entities, for zooming to them. */
export function entityPositions(entities: readonly Entity[]): Cartesian3[] {
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
