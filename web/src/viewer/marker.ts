/** One point marked on the map for a tool, e.g. where the pointer is on a profile's chart. */

import {
  Cartesian3,
  type CesiumWidget,
  Color,
  ConstantPositionProperty,
  ConstantProperty,
  type Entity,
  PointGraphics,
} from 'cesium';
import type { GeoPoint } from './map-engine';

const defaultColor = '#ff1744';

export function createMarker(viewer: CesiumWidget) {
  const position = new ConstantPositionProperty(Cartesian3.ZERO);
  const color = new ConstantProperty(Color.RED);
  let entity: Entity | undefined;

  return {
    /** Moves the marker to `point` (metres above the ellipsoid) in `color` (CSS), or removes it. */
    set(point: GeoPoint | undefined, css = defaultColor) {
      if (viewer.isDestroyed()) return;
      if (!point) {
        if (entity) viewer.entities.remove(entity);
        entity = undefined;
      } else {
        position.setValue(Cartesian3.fromDegrees(point.longitude, point.latitude, point.height));
        color.setValue(Color.fromCssColorString(css) ?? Color.RED);
        entity ??= viewer.entities.add({
          position,
          point: new PointGraphics({
            pixelSize: 12,
            color,
            outlineColor: Color.WHITE,
            outlineWidth: 2,
            // Drawn over the buildings and hills in front of it: the chart's point must always show.
            disableDepthTestDistance: Number.POSITIVE_INFINITY,
          }),
        });
      }
      viewer.scene.requestRender();
    },

    /** The marker, while it shows: not a surface to sample heights from. */
    drawn: (): object[] => (entity ? [entity] : []),

    destroy() {
      if (entity && !viewer.isDestroyed()) viewer.entities.remove(entity);
      entity = undefined;
    },
  };
}
