import { datasourceTypeById, type InspectRequest, type InspectResult } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { validationFailed } from '../../lib/errors.js';
import type { CallSlot } from '../../lib/expensive-calls.js';
import { UrlFetchError, type UrlFetcher } from '../../lib/url-fetch/index.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { findDatasourceType } from '../datasourcetypes/datasourcetypes.repository.js';
import type { ArcgisSignInService } from './arcgis-sign-in.service.js';
import type { DatasourcesService } from './datasources.service.js';
import { type InspectParser, inspectParser, inspectRequestUrl, NotThisTypeError } from './inspect/index.js';
import { parseInspectUrl } from './inspect/request-url.js';

type TypeKey = Parameters<typeof inspectRequestUrl>[0];

const MB = 1024 * 1024;
/**
 * The largest answer read, per kind. Capabilities documents of big WMS/WMTS services, a
 * GeoJSON file or a tileset with its tree can be tens of MB (the largest seen in the wild are
 * near 20); ArcGIS service descriptions and terrain's layer.json are small even for large
 * services; an XYZ check reads one tile. Every byte is held while it is read and parsed, by
 * up to EXPENSIVE_CALLS_TOTAL calls at once.
 */
const maxAnswerBytes: Record<TypeKey, number> = {
  wms: 20 * MB,
  wmts: 20 * MB,
  geojson: 20 * MB,
  '3dtiles': 20 * MB,
  'arcgis-mapserver': 4 * MB,
  'arcgis-featureserver': 4 * MB,
  'cesium-terrain': 4 * MB,
  xyz: 2 * MB,
  wcs: 20 * MB,
  geotiff: 1 * MB,
};

/**
 * "Test connection": fetches what a service says about itself (capabilities, service
 * JSON, tileset, layer.json, the GeoJSON itself) through the SSRF-safe fetcher, with
 * the source's credentials, and answers its title, extent and sub-layers. Every
 * failure is a 400 on `url` saying which: refused, unreachable, timed out, too large,
 * not this type.
 */
export function createInspectService(
  { db }: Pick<AppContext, 'db'>,
  deps: {
    fetcher: UrlFetcher;
    datasources: DatasourcesService;
    arcgis: ArcgisSignInService;
    parser?: InspectParser;
  },
) {
  // Large answers are parsed on a thread of their own (inspect/parse-off-thread.ts).
  const parser = deps.parser ?? inspectParser();
  return {
    /** `slot`: the caller's expensive-call slot, which a stored source also charges to its account. */
    async inspect(
      caller: AuthedUser,
      input: InspectRequest,
      slot?: Pick<CallSlot, 'forAccount'>,
    ): Promise<InspectResult> {
      const type = await findDatasourceType(db, input.type);
      if (!type) throw validationFailed({ type: [`Invalid pk "${input.type}" - object does not exist.`] });
      const config: Record<string, unknown> = { ...input.config };
      if (input.datasource !== undefined) {
        const stored = await deps.datasources.secretsOf(caller, input.datasource);
        slot?.forAccount(stored.datasource.accountId);
        const { arcgis: _session, ...values } = stored.secrets;
        for (const [key, value] of Object.entries(values)) if (!config[key]) config[key] = value;
        // The form's fields win; what it left out is the stored source's (the key's parameter name).
        for (const [key, value] of Object.entries(stored.datasource.config))
          if (config[key] === undefined) config[key] = value;
        // Signed in with ArcGIS: the user's token, refreshed when it has run out.
        if (!config.token && stored.secrets.arcgis)
          config.token = await deps.arcgis.tokenFor(stored.datasource);
      }
      const url = typeof config.url === 'string' ? config.url : '';
      if (!/^https?:\/\//i.test(url)) throw validationFailed({ url: ['Enter a valid http(s) URL'] });
      // An address no parser can read ('http://[::1', two ports) is the user's mistake: a 400.
      parseInspectUrl(url);
      const key = type.key as TypeKey;
      if (!datasourceTypeById(type.id)) throw validationFailed({ type: ['This type cannot be inspected.'] });

      if (key === 'xyz') return inspectTemplate(deps.fetcher, config);
      if (key === 'geotiff')
        throw validationFailed({
          type: ['Checking a GeoTIFF is not supported yet: its heights are read when a profile is drawn.'],
        });

      const target = inspectRequestUrl(key, url);
      if (!target) throw validationFailed({ type: ['This type cannot be inspected.'] });
      const answer = await fetchOrExplain(deps.fetcher, withToken(target, config), {
        headers: basicAuth(config),
        maxBytes: maxAnswerBytes[key],
      });
      try {
        const contentType = answer.headers['content-type'];
        return await parser.parse(
          key,
          answer.body,
          answer.url,
          Array.isArray(contentType) ? contentType[0] : contentType,
        );
      } catch (error) {
        if (error instanceof NotThisTypeError) throw validationFailed({ url: [error.message] });
        throw error;
      }
    },
  };
}
export type InspectService = ReturnType<typeof createInspectService>;

async function fetchOrExplain(
  fetcher: UrlFetcher,
  url: string,
  options: { headers?: Record<string, string>; accept?: (type: string) => boolean; maxBytes: number },
) {
  try {
    return await fetcher.fetch(url, { timeoutMs: 10_000, ...options });
  } catch (error) {
    if (error instanceof UrlFetchError) throw validationFailed({ url: [error.message] });
    throw error;
  }
}

/** WMS with basic authentication: the header goes to the service, never into a URL. */
function basicAuth(config: Record<string, unknown>): Record<string, string> {
  const { username, password } = config;
  if (typeof username !== 'string' || !username) return {};
  const credentials = Buffer.from(`${username}:${typeof password === 'string' ? password : ''}`);
  return { Authorization: `Basic ${credentials.toString('base64')}` };
}

/** ArcGIS services take their token as a query parameter, tile services their API key. */
function withToken(url: string, config: Record<string, unknown>): string {
  const target = new URL(url);
  if (typeof config.token === 'string' && config.token) target.searchParams.set('token', config.token);
  if (typeof config.apiKey === 'string' && config.apiKey)
    target.searchParams.set(
      typeof config.apiKeyParameter === 'string' && config.apiKeyParameter ? config.apiKeyParameter : 'key',
      config.apiKey,
    );
  return target.toString();
}

/** XYZ tiles describe nothing: ask for the world tile and check that it is an image. */
async function inspectTemplate(fetcher: UrlFetcher, config: Record<string, unknown>): Promise<InspectResult> {
  const template = String(config.url);
  const subdomains = Array.isArray(config.subdomains) ? config.subdomains : [];
  const url = template
    .replaceAll('{z}', '0')
    .replaceAll('{x}', '0')
    .replaceAll('{y}', '0')
    .replaceAll('{s}', String(subdomains[0] ?? 'a'));
  await fetchOrExplain(fetcher, withToken(url, config), {
    accept: (type) => type.startsWith('image/'),
    maxBytes: maxAnswerBytes.xyz,
  });
  return { title: new URL(url).hostname, extent: [-180, -85.0511, 180, 85.0511], layers: [] };
}
