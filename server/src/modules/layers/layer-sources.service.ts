import { datasourceTypeById, type LayerSource, wmsRequestKeys } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import type { AuthedUser } from '../auth/authenticate.js';
import type { ArcgisSignInService } from '../datasources/arcgis-sign-in.service.js';
import { findDatasources } from '../datasources/datasources.repository.js';
import type { DatasourcesService } from '../datasources/datasources.service.js';
import { featureCollectionStream } from '../datasources/feature-collection.js';
import { proxiedUrl, type UpstreamRequest, upstreamRequest } from './layer-proxy.js';
import type { LayerReaders, ReadQuery } from './layer-readers.js';
import { flattenTree } from './layers.presenter.js';
import type { Capabilities } from './proxy-capability.js';

/**
 * Where the viewer reads an uploaded source's features: this server, which checks the
 * layer's readers. The map fetches it without the login header, so a logged-in reader's
 * address carries a capability (as the proxy's do); a share link's reader's, the token.
 */
const featuresUrl = (layerId: number, grant: { token: string } | { capability: string }) =>
  `/api/layers/${layerId}/features?${new URLSearchParams(grant)}`;

/**
 * What the proxy fetches, for which kind of layer, the credentials its answer must not
 * echo, and who asks (a login or a share link) for which account, for the limits.
 */
export type ProxiedRequest = UpstreamRequest & {
  kind: string;
  secrets: string[];
  reader: string;
  account: number;
};

/**
 * A config as the viewer needs it: the address to draw from and how to draw, not who
 * signs in where (a WMS user name, an ArcGIS portal and app) — the server does that, and
 * a share link's reader has no business knowing it.
 */
function forTheViewer(config: Record<string, unknown>): Record<string, unknown> {
  const { username: _username, portal: _portal, clientId: _clientId, ...rest } = config;
  return rest;
}

/**
 * What the viewer draws for the layers a reader may see: each source's type and config
 * without secrets, uploaded features read through this server, and sources with
 * credentials through the layer proxy (docs/adr/0006).
 */
export function createLayerSourcesService(
  { db }: Pick<AppContext, 'db'>,
  deps: {
    readers: LayerReaders;
    datasources: Pick<DatasourcesService, 'openSecretsOf'>;
    arcgis: Pick<ArcgisSignInService, 'tokenFor'>;
    capabilities: Capabilities;
  },
) {
  const { readable, visibleSource, sourceByCapability } = deps.readers;
  return {
    /**
     * What the viewer draws, for the layers the caller may see: each data source's type
     * and config (secrets are kept apart and never sent). Uploaded features are read
     * through this server, at an address that checks the layer's readers again.
     */
    async sources(caller: () => Promise<AuthedUser>, query: ReadQuery): Promise<{ results: LayerSource[] }> {
      const { tree, subject } = await readable(caller, query);
      const layers = flattenTree(tree).filter((l) => l.data_source !== null);
      const sources = new Map(
        (await findDatasources(db, [...new Set(layers.map((l) => l.data_source as number))])).map((row) => [
          row.id,
          row,
        ]),
      );
      const results: LayerSource[] = [];
      for (const layer of layers) {
        const source = sources.get(layer.data_source as number);
        if (!source || source.typeId === null) continue;
        const key = datasourceTypeById(source.typeId)?.key ?? 'unknown';
        const uploaded = typeof source.config.uploaded === 'string';
        // A source holding credentials is fetched by this server, which adds them: the browser never sees them.
        const secured = !uploaded && Object.keys(deps.datasources.openSecretsOf(source)).length > 0;
        const url = uploaded
          ? featuresUrl(
              layer.id,
              query.token
                ? { token: query.token }
                : { capability: deps.capabilities.issue(layer.id, subject) },
            )
          : secured
            ? proxiedUrl(
                layer.id,
                deps.capabilities.issue(layer.id, subject),
                String(source.config.url ?? ''),
              )
            : undefined;
        results.push({
          layer: layer.id,
          data_source: source.id,
          type: source.typeId,
          key,
          config: forTheViewer(url === undefined ? source.config : { ...source.config, url }),
          proxied: url !== undefined,
        });
      }
      return { results };
    },

    /** The uploaded features of a layer's source, for whoever may see that layer. */
    async features(
      caller: () => Promise<AuthedUser>,
      id: number,
      grant: { token?: string | undefined; capability?: string | undefined },
    ) {
      const source =
        grant.capability === undefined
          ? await visibleSource(caller, id, grant.token)
          : (await sourceByCapability(id, grant.capability)).source;
      if (typeof source.config.uploaded !== 'string')
        throw notFound('This data source has no uploaded features.');
      return featureCollectionStream(db, source);
    },

    /**
     * What the proxy fetches for a request under a layer's proxied address: the
     * capability must be this server's, for this layer and not expired, and its subject
     * must still see the layer (checked again on every request); the target stays
     * inside the source's address; the credentials are added here.
     */
    async proxyRequest(
      id: number,
      capabilityText: string,
      rest: string,
      query: string,
    ): Promise<ProxiedRequest> {
      const { source, reader } = await sourceByCapability(id, capabilityText);
      const secrets = deps.datasources.openSecretsOf(source);
      const key = source.typeId === null ? undefined : datasourceTypeById(source.typeId)?.key;
      const token =
        typeof secrets.token === 'string' && secrets.token
          ? secrets.token
          : secrets.arcgis
            ? await deps.arcgis.tokenFor(source)
            : undefined;
      const apiKey =
        typeof secrets.apiKey === 'string' && secrets.apiKey
          ? { parameter: String(source.config.apiKeyParameter || 'key'), value: secrets.apiKey }
          : undefined;
      const basic =
        typeof secrets.password === 'string' && typeof source.config.username === 'string'
          ? { username: source.config.username, password: secrets.password }
          : undefined;
      const upstream = upstreamRequest(String(source.config.url ?? ''), rest, query, {
        // A tileset and a terrain name their content relative to themselves.
        wholeFolder: key === '3dtiles' || key === 'cesium-terrain',
        ...(key === 'wms' ? { requestKeys: wmsRequestKeys } : {}),
        ...(apiKey ? { apiKey } : {}),
        ...(Array.isArray(source.config.subdomains)
          ? { subdomains: source.config.subdomains.map(String) }
          : {}),
        ...(basic ? { basic } : {}),
        ...(token ? { token } : {}),
      });
      return {
        ...upstream,
        kind: key ?? 'unknown',
        reader,
        account: source.accountId,
        secrets: [token, apiKey?.value, basic?.password].filter((value): value is string => !!value),
      };
    },
  };
}
export type LayerSourcesService = ReturnType<typeof createLayerSourcesService>;
