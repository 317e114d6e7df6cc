/**
 * Features (GeoJSON by address or uploaded, an ArcGIS feature layer's query): a data
 * source of entities, styled from the layer's template.
 */

import { BoundingSphere, Entity, GeoJsonDataSource, Resource } from 'cesium';
import { errorMessage } from '../error-message';
import type { LayerKind, SplitSide, ViewerLayerOf } from '../map-engine';
import { featureServerQuery } from '../map-services';
import { entityPositions, onGlobe, splitPoints, styleEntities } from './feature-entities';
import { defineAdapter, layerHandle, splitDirection } from './layer-adapter';

/** What a kind reads its features from (an address, or GeoJSON already fetched), and whether flat ones drape. */
type FeatureData = { data: string | Promise<unknown> | undefined; clampToGround: boolean };

const features = <K extends LayerKind>(kind: K, read: (layer: ViewerLayerOf<K>) => FeatureData) =>
  defineAdapter([kind], (context, layer) => {
    const { viewer, scene } = context;
    const { template } = layer;
    const globe = onGlobe(scene);
    let dataSource: GeoJsonDataSource | undefined;
    // Asked for before the features loaded too: applied once they have.
    let visible = layer.visible;
    let opacity = layer.opacity;
    let styledOpacity: number | undefined;
    let side: SplitSide = 'both';
    let splitSide: SplitSide | undefined;
    const apply = () => {
      if (!dataSource) return;
      dataSource.show = visible;
      // Restyling every entity is work: only when the opacity changed.
      if (styledOpacity !== opacity) {
        styleEntities(dataSource.entities, template, opacity, globe);
        styledOpacity = opacity;
        // Styling made the points anew, without their side.
        splitSide = undefined;
      }
      if (splitSide !== side) {
        splitPoints(dataSource.entities.values, splitDirection(side));
        splitSide = side;
      }
    };

    const { data, clampToGround } = read(layer);
    Promise.resolve(data)
      .then((answer) => {
        const error = (answer as { error?: { message?: string } } | null)?.error;
        if (error) throw new Error(error.message ?? 'The feature service refused the query.');
        // Extruded shapes stand on the ellipsoid; flat ones drape over terrain.
        return GeoJsonDataSource.load(answer as string | object, {
          clampToGround: !template.extrude && clampToGround,
        });
      })
      .then(
        async (loaded) => {
          if (!context.active()) return;
          dataSource = loaded;
          apply();
          await viewer.dataSources.add(loaded);
          // Added on top of every other layer of features: the engine puts it in its place.
          context.changed();
          context.report({ state: 'ready' });
        },
        (error: unknown) => context.report({ state: 'error', message: errorMessage(error) }),
      );

    return layerHandle({
      show: (shown) => {
        visible = shown;
        apply();
      },
      setOpacity: (value) => {
        opacity = value;
        apply();
      },
      extent: () => {
        const points = dataSource ? entityPositions(dataSource.entities.values) : [];
        return points.length > 0 ? BoundingSphere.fromPoints(points) : undefined;
      },
      raiseToTop: () => {
        if (dataSource && viewer.dataSources.contains(dataSource)) viewer.dataSources.raiseToTop(dataSource);
      },
      owns: (picked) => picked instanceof Entity && (dataSource?.entities.contains(picked) ?? false),
      setSplit: (value) => {
        side = value;
        apply();
      },
      pending: () => (dataSource?.isLoading ? 'features' : undefined),
      remove: () => {
        if (dataSource) viewer.dataSources.remove(dataSource, true);
      },
    });
  });

export const featureAdapters = [
  features('geojson', ({ config }) => ({ data: config.url, clampToGround: config.clampToGround })),
  features('arcgis-featureserver', ({ config, template }) => ({
    data: Resource.fetchJson({ url: featureServerQuery(config, template) }),
    clampToGround: true,
  })),
];
