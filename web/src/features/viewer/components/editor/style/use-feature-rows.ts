import type { LayerTemplate } from '@geows/contract';
import { useQuery } from '@tanstack/react-query';
import type { LayerConfigs } from '../../../../../viewer/layer-config';
import { featureServerQuery } from '../../../../../viewer/map-services';
import type { Attributes } from './classify';

/** A layer the style panel styles: features, with the address the map reads them from. */
export type FeatureLayerSource =
  | { kind: 'geojson'; config: LayerConfigs['geojson'] }
  | { kind: 'arcgis-featureserver'; config: LayerConfigs['arcgis-featureserver'] };

/** Enough features to know the attributes, their values and class breaks, and no more to hold. */
const maxRows = 20_000;

/** The address the map reads the features from: the layer's own (uploaded ones through this server). */
export const featuresAddress = (source: FeatureLayerSource, template: LayerTemplate) =>
  source.kind === 'geojson' ? source.config.url : featureServerQuery(source.config, template);

async function fetchRows(url: string, signal: AbortSignal): Promise<Attributes[]> {
  const answer = await fetch(url, { signal });
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  const body = (await answer.json()) as { features?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? 'The feature service refused the query.');
  const features = Array.isArray(body.features) ? body.features.slice(0, maxRows) : [];
  return features.map((feature) => {
    const properties = (feature as { properties?: unknown } | null)?.properties;
    return properties && typeof properties === 'object' ? (properties as Attributes) : {};
  });
}

/**
 * The attributes of the layer's features, read as the map reads them: what the panel
 * offers to label and colour by. Without them (a service that refuses) the panel takes
 * typed attribute names.
 */
export function useFeatureRows(source: FeatureLayerSource, template: LayerTemplate) {
  const url = featuresAddress(source, template);
  return useQuery({
    queryKey: ['feature-rows', url],
    queryFn: ({ signal }) => fetchRows(url, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
