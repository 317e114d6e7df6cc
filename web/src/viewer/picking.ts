/** What a click on the map finds: the features of the layers under it. */

import { type Cartesian2, type CesiumWidget, type Entity, JulianDate } from 'cesium';
import type { PickedFeature } from './map-engine';
import type { MapLayers } from './map-layers';

export async function pickFeatures(
  viewer: CesiumWidget,
  layers: MapLayers,
  position: Cartesian2,
): Promise<PickedFeature[]> {
  const scene = viewer.scene;
  const found: PickedFeature[] = [];
  // Features drawn as entities (GeoJSON, FeatureServer): their properties.
  const picked = scene.pick(position) as { id?: unknown } | undefined;
  const entity = picked?.id as Entity | undefined;
  if (entity?.properties) {
    const owner = layers.ownerOf(entity);
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
  const ray = scene.camera.getPickRay(position);
  const infos = ray ? await viewer.imageryLayers.pickImageryLayerFeatures(ray, scene) : undefined;
  for (const info of infos ?? []) {
    const owner = layers.ownerOf(info.imageryLayer);
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
  return found;
}
