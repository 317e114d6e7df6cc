/**
 * What a click on the map finds: the features of the layers under it. With the compare
 * divider on, only of the layers drawn on the side clicked.
 */

import { type Cartesian2, type CesiumWidget, type Entity, JulianDate } from 'cesium';
import type { PickedFeature } from './map-engine';
import type { MapLayer, MapLayers } from './map-layers';

/** How many objects under the click are looked through for one of a layer drawn there. */
const pickDepth = 5;

export async function pickFeatures(
  viewer: CesiumWidget,
  layers: MapLayers,
  position: Cartesian2,
): Promise<PickedFeature[]> {
  const scene = viewer.scene;
  const found: PickedFeature[] = [];
  const clicked = position.x < scene.canvas.clientWidth * scene.splitPosition ? 'left' : 'right';
  // A layer drawn only on the other side is not there for this click.
  const drawnHere = (owner: MapLayer | undefined): owner is MapLayer => {
    const side = owner && layers.sideOf(owner);
    return side === 'both' || side === clicked;
  };
  // Features drawn as entities (GeoJSON, FeatureServer): their properties. The topmost
  // may be a point of a layer drawn on the other side, so a few below it are looked at too.
  const top = scene.pick(position) as { id?: unknown } | undefined;
  const topEntity = top?.id as Entity | undefined;
  const topHere = !topEntity?.properties || drawnHere(layers.ownerOf(topEntity));
  const picks = (topHere ? [top] : scene.drillPick(position, pickDepth)) as ({ id?: unknown } | undefined)[];
  for (const picked of picks) {
    const entity = picked?.id as Entity | undefined;
    if (!entity?.properties) continue;
    const owner = layers.ownerOf(entity);
    if (drawnHere(owner)) {
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
      break;
    }
  }
  // Imagery that answers feature requests (WMS GetFeatureInfo, ArcGIS identify).
  const ray = scene.camera.getPickRay(position);
  const infos = ray ? await viewer.imageryLayers.pickImageryLayerFeatures(ray, scene) : undefined;
  for (const info of infos ?? []) {
    const owner = layers.ownerOf(info.imageryLayer);
    if (!drawnHere(owner)) continue;
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
  return found;
}
