/**
 * What each kind of layer draws from: the data source's config as GET /api/layers/sources
 * sends it, checked against the contract's schema of its type. No Cesium here: the
 * screens read layers with it before the map's chunk is loaded.
 */

import {
  arcgisFeatureServerConfig,
  arcgisMapServerConfig,
  builtinLayers,
  cesiumTerrainConfig,
  geojsonConfig,
  tiles3dConfig,
  wmsConfig,
  wmtsConfig,
  xyzConfig,
} from '@geows/contract';
import { z } from 'zod';

/**
 * Where the map reads a source: the service itself (http or https), or this server (the
 * layer proxy, uploaded features) by a path, which the contract's `url` would refuse.
 */
const viewerAddress = z
  .string()
  .max(16_384)
  .regex(/^(https?:\/\/|\/(?!\/))/i, 'Expected an http(s) address or a path on this server.');

const source = <K extends string, C extends z.ZodType>(kind: K, config: C) =>
  z.object({ kind: z.literal(kind), config });

/** The kinds the map draws, each with the config it is given. */
const viewerSource = z.discriminatedUnion('kind', [
  // Not a data source: imagery that ships with the product (named by the layer's template).
  source('builtin', z.object({ builtin: z.enum(builtinLayers) })),
  source('xyz', xyzConfig.safeExtend({ url: viewerAddress })),
  source('wms', wmsConfig.safeExtend({ url: viewerAddress })),
  source('wmts', wmtsConfig.safeExtend({ url: viewerAddress })),
  source('arcgis-mapserver', arcgisMapServerConfig.safeExtend({ url: viewerAddress })),
  source('arcgis-featureserver', arcgisFeatureServerConfig.safeExtend({ url: viewerAddress })),
  // An uploaded file's features come from this server: the viewer always has an address.
  source('geojson', geojsonConfig.safeExtend({ url: viewerAddress })),
  source('3dtiles', tiles3dConfig.safeExtend({ url: viewerAddress })),
  source('cesium-terrain', cesiumTerrainConfig.safeExtend({ url: viewerAddress })),
]);

/** A kind of layer and its config; `kind` tells which config it is. */
export type ViewerSource = z.infer<typeof viewerSource>;
export type LayerKind = ViewerSource['kind'];
/** The config of each kind of layer. */
export type LayerConfigs = { [K in LayerKind]: Extract<ViewerSource, { kind: K }>['config'] };

export const layerKinds: readonly LayerKind[] = viewerSource.options.map((option) => option.shape.kind.value);

export type SourceRead =
  | { ok: true; source: ViewerSource }
  | { ok: false; unsupported: true }
  | { ok: false; unsupported: false; message: string };

/**
 * Reads a data source's type key and config as the map's: a kind this viewer does not
 * draw, or a config that does not fit its type, is a problem of that layer only.
 */
export function readViewerSource(key: string, config: unknown): SourceRead {
  if (!layerKinds.some((kind) => kind === key)) return { ok: false, unsupported: true };
  const result = viewerSource.safeParse({ kind: key, config });
  if (result.success) return { ok: true, source: result.data };
  const issue = result.error.issues[0];
  // The path starts at the wrapper's `config`.
  const path = issue?.path.slice(1) ?? [];
  const where = path.length > 0 ? `${path.join('.')}: ` : '';
  return {
    ok: false,
    unsupported: false,
    message: `The data source's settings are not valid: ${where}${issue?.message ?? 'unreadable.'}`,
  };
}
