import { envelopeInDegrees, lonLatConverter, wkidsOf } from './arcgis-crs.js';
import {
  cleanText,
  type Extent,
  hostOf,
  type InspectResult,
  isRecord,
  MAX_LAYERS,
  NotThisTypeError,
  parseJsonObject,
  pathSegments,
  toNumber,
} from './inspect-result.js';

export type ArcgisKind = 'MapServer' | 'FeatureServer';

const notThis = (kind: ArcgisKind) => `This is not an ArcGIS ${kind} description.`;

/** The service's name in its URL (`…/services/Folder/Name/MapServer`). */
function serviceNameFromUrl(url: string): string | undefined {
  const segments = pathSegments(url);
  const at = segments.findIndex(
    (s) => s.toLowerCase() === 'mapserver' || s.toLowerCase() === 'featureserver',
  );
  return at > 0 ? segments[at - 1] : undefined;
}

function layerList(value: unknown): { list: InspectResult['layers']; count: number } {
  const list: InspectResult['layers'] = [];
  let count = 0;
  if (!Array.isArray(value)) return { list, count };
  for (const layer of value) {
    if (!isRecord(layer)) continue;
    const id = toNumber(layer.id);
    if (id === undefined) continue;
    count++;
    if (list.length < MAX_LAYERS) list.push({ name: String(id), title: cleanText(layer.name) ?? String(id) });
  }
  return { list, count };
}

/**
 * Reads the `?f=json` answer of an ArcGIS REST MapServer or FeatureServer: a service
 * (`…/MapServer`) or one of its layers (`…/FeatureServer/0`).
 */
export function parseArcgisService(kind: ArcgisKind, body: string, url: string): InspectResult {
  const json = parseJsonObject(body, notThis(kind));
  if (isRecord(json.error)) {
    const code = toNumber(json.error.code);
    const message = cleanText(json.error.message) ?? 'no details';
    const more = Array.isArray(json.error.details)
      ? json.error.details.map((d) => cleanText(d)).filter((d) => d && d !== message)
      : [];
    const text = [message, ...more].join(' ');
    throw new NotThisTypeError(
      `The ArcGIS server answered with an error${code === undefined ? '' : ` (${code})`}: ${text}`,
    );
  }

  const isService =
    (Array.isArray(json.layers) || Array.isArray(json.tables)) &&
    [
      'currentVersion',
      'spatialReference',
      'fullExtent',
      'initialExtent',
      'serviceDescription',
      'mapName',
    ].some((key) => key in json);
  const isLayer =
    !isService &&
    typeof json.name === 'string' &&
    toNumber(json.id) !== undefined &&
    (isRecord(json.extent) || typeof json.geometryType === 'string' || Array.isArray(json.fields));
  if (!isService && !isLayer) throw new NotThisTypeError(notThis(kind));

  const segments = pathSegments(url).map((s) => s.toLowerCase());
  if (kind === 'MapServer' && segments.includes('featureserver')) {
    throw new NotThisTypeError('This is an ArcGIS FeatureServer, not a MapServer.');
  }

  const details: Record<string, unknown> = {};
  let layers: InspectResult['layers'];
  let envelopes: unknown[];
  if (isService) {
    const { list, count } = layerList(json.layers);
    layers = list;
    if (count > list.length) {
      details.layerCount = count;
      details.layersTruncated = true;
    }
    const tables = layerList(json.tables).list;
    if (tables.length > 0) details.tables = tables;
    envelopes = [json.fullExtent, json.initialExtent];
    details.kind = 'service';
  } else {
    const id = String(toNumber(json.id));
    layers = [{ name: id, title: cleanText(json.name) ?? id }];
    envelopes = [json.extent];
    details.kind = 'layer';
    details.layerId = toNumber(json.id);
    if (typeof json.type === 'string') details.layerType = json.type;
    if (typeof json.geometryType === 'string') details.geometryType = json.geometryType;
  }

  let extent: Extent | null = null;
  let spatialReference: unknown;
  for (const envelope of envelopes) {
    if (!isRecord(envelope)) continue;
    const sr = isRecord(envelope.spatialReference) ? envelope.spatialReference : json.spatialReference;
    spatialReference ??= sr;
    const converter = lonLatConverter(sr);
    extent = converter ? envelopeInDegrees(envelope, converter) : null;
    if (extent) {
      spatialReference = sr;
      break;
    }
  }
  spatialReference ??= json.spatialReference;
  details.spatialReference = wkidsOf(spatialReference)[0] ?? null;
  details.tiled = Boolean(json.singleFusedMapCache || json.tileInfo);
  if (typeof json.currentVersion === 'number' || typeof json.currentVersion === 'string') {
    details.currentVersion = json.currentVersion;
  }
  const capabilities = cleanText(json.capabilities, 1000);
  if (capabilities) details.capabilities = capabilities;
  const maxRecordCount = toNumber(json.maxRecordCount);
  if (maxRecordCount !== undefined) details.maxRecordCount = maxRecordCount;

  const documentTitle = isRecord(json.documentInfo) ? cleanText(json.documentInfo.Title) : undefined;
  const mapName = cleanText(json.mapName);
  const description = cleanText(json.serviceDescription, 1000);
  const title =
    documentTitle ??
    (mapName && mapName !== 'Layers' ? mapName : undefined) ??
    cleanText(json.name) ??
    (description && description.length <= 120 && !description.includes('<') ? description : undefined) ??
    serviceNameFromUrl(url) ??
    mapName ??
    (hostOf(url) || `ArcGIS ${kind}`);
  return { title, extent, layers, details };
}

export const parseArcgisMapServer = (body: string, url: string) => parseArcgisService('MapServer', body, url);
export const parseArcgisFeatureServer = (body: string, url: string) =>
  parseArcgisService('FeatureServer', body, url);
