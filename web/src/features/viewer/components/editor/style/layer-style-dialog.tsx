import type { Layer } from '@geows/contract';
import { useQuery } from '@tanstack/react-query';
import { readViewerSource } from '../../../../../viewer/layer-config';
import { layerSourcesQueryOptions } from '../../../api/get-layer-sources';
import { TemplateDialog } from '../layer-dialogs';
import { StyleDialog } from './style-dialog';
import type { FeatureLayerSource } from './use-feature-rows';

type Props = {
  workspace: number;
  layer: Layer;
  name: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (template: string) => void;
};

/** What the layer draws, when it is features the style panel can style. */
function featureSource(source: { key: string; config: unknown } | undefined): FeatureLayerSource | undefined {
  if (!source) return undefined;
  const read = readViewerSource(source.key, source.config);
  if (!read.ok) return undefined;
  const { kind, config } = read.source;
  if (kind === 'geojson') return { kind, config };
  if (kind === 'arcgis-featureserver') return { kind, config };
  return undefined;
}

/**
 * A layer's style: the style panel for features (GeoJSON, ArcGIS feature layers), the
 * template as JSON for the other kinds (imagery, 3D Tiles) and for groups' labels.
 */
export function LayerStyleDialog({ workspace, layer, name, busy, onClose, onSubmit }: Props) {
  const sources = useQuery({
    ...layerSourcesQueryOptions(workspace, undefined),
    enabled: layer.data_source !== null,
  });
  if (layer.data_source !== null && sources.isPending) return null;
  const source = featureSource(sources.data?.find((s) => s.layer === layer.id));
  return source ? (
    <StyleDialog
      onClose={onClose}
      busy={busy}
      name={name}
      initial={layer.template}
      source={source}
      onSubmit={onSubmit}
    />
  ) : (
    <TemplateDialog
      open
      onClose={onClose}
      busy={busy}
      name={name}
      initial={layer.template}
      onSubmit={onSubmit}
    />
  );
}
