import {
  cleanText,
  type Extent,
  hostOf,
  type InspectResult,
  MAX_LAYERS,
  NotThisTypeError,
  normalizeExtent,
  unionExtent,
} from './inspect-result.js';
import {
  attr,
  child,
  children,
  childText,
  parseXmlRoot,
  path,
  textOf,
  throwIfException,
  type XmlNode,
} from './xml.js';

const NOT_WMTS = 'This is not a WMTS Capabilities document.';

/** `"lon lat"` corner text to numbers. */
function corner(text: string | undefined): [string, string] | null {
  const parts = (text ?? '').trim().split(/\s+/);
  return parts.length >= 2 ? [parts[0] as string, parts[1] as string] : null;
}

function wgs84Extent(layer: XmlNode): Extent | null {
  let extent: Extent | null = null;
  for (const box of children(layer, 'WGS84BoundingBox')) {
    const lower = corner(childText(box, 'LowerCorner'));
    const upper = corner(childText(box, 'UpperCorner'));
    if (lower && upper) extent = unionExtent(extent, normalizeExtent(lower[0], lower[1], upper[0], upper[1]));
  }
  return extent;
}

function distinctTexts(nodes: XmlNode[], max = 100): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    const text = cleanText(textOf(node), 1000);
    if (text && !out.includes(text)) out.push(text);
    if (out.length >= max) break;
  }
  return out;
}

/** What a WMTS layer can be drawn with, for filling in a data source's settings. */
export type WmtsLayerOptions = {
  name: string;
  formats: string[];
  styles: string[];
  defaultStyle?: string;
  tileMatrixSets: string[];
  /** REST `ResourceURL` templates of `resourceType="tile"`, by format. */
  resourceUrls?: { format: string; template: string }[];
};

/** Reads an OGC WMTS 1.0 Capabilities answer (KVP GetCapabilities or a `WMTSCapabilities.xml`). */
export function parseWmtsCapabilities(body: string, url: string): InspectResult {
  const root = parseXmlRoot(body, NOT_WMTS);
  throwIfException(root);
  if (root.name !== 'Capabilities') throw new NotThisTypeError(NOT_WMTS);
  const identification = child(root.node, 'ServiceIdentification');
  const serviceType = childText(identification, 'ServiceType');
  const contents = child(root.node, 'Contents');
  // WCS 2 and others also answer `Capabilities`: accept only a WMTS by its service type or contents.
  if (serviceType !== undefined && !serviceType.toUpperCase().includes('WMTS')) {
    throw new NotThisTypeError(NOT_WMTS);
  }
  if (
    serviceType === undefined &&
    children(contents, 'Layer').length === 0 &&
    children(contents, 'TileMatrixSet').length === 0
  ) {
    throw new NotThisTypeError(NOT_WMTS);
  }

  const layers: InspectResult['layers'] = [];
  const layerOptions: WmtsLayerOptions[] = [];
  let extent: Extent | null = null;
  let layerCount = 0;
  const all = children(contents, 'Layer');
  for (const layer of all) {
    extent = unionExtent(extent, wgs84Extent(layer));
    const name = cleanText(childText(layer, 'Identifier'), 1000);
    if (!name) continue;
    layerCount++;
    if (layers.length >= MAX_LAYERS) continue;
    layers.push({ name, title: cleanText(childText(layer, 'Title')) ?? name });
    const styles = children(layer, 'Style');
    const defaultStyle = styles.find((s) => attr(s, 'isDefault') === 'true');
    const options: WmtsLayerOptions = {
      name,
      formats: distinctTexts(children(layer, 'Format')),
      styles: distinctTexts(styles.map((s) => child(s, 'Identifier') ?? {})),
      // Each link names one set by the schema, but some servers name several in one link.
      tileMatrixSets: distinctTexts(
        children(layer, 'TileMatrixSetLink').flatMap((link) => children(link, 'TileMatrixSet')),
      ),
    };
    const defaultId = cleanText(childText(defaultStyle, 'Identifier'), 1000);
    if (defaultId) options.defaultStyle = defaultId;
    const resourceUrls = children(layer, 'ResourceURL')
      .filter((r) => attr(r, 'resourceType') === 'tile' && attr(r, 'template'))
      .slice(0, 20)
      .map((r) => ({ format: attr(r, 'format') ?? '', template: attr(r, 'template') as string }));
    if (resourceUrls.length > 0) options.resourceUrls = resourceUrls;
    layerOptions.push(options);
  }

  const tileMatrixSets = children(contents, 'TileMatrixSet')
    .slice(0, 1000)
    .flatMap((set) => {
      const id = cleanText(childText(set, 'Identifier'), 1000);
      return id ? [{ id, crs: cleanText(childText(set, 'SupportedCRS'), 1000) ?? null }] : [];
    });

  const title =
    cleanText(childText(identification, 'Title')) ??
    cleanText(childText(all[0], 'Title')) ??
    (hostOf(url) || 'WMTS');
  const details: Record<string, unknown> = {
    version: attr(root.node, 'version') ?? '1.0.0',
    tileMatrixSets: tileMatrixSets.map((s) => s.id),
    tileMatrixSetCrs: Object.fromEntries(tileMatrixSets.map((s) => [s.id, s.crs])),
    layerOptions,
  };
  const getTile = path(root.node, 'OperationsMetadata');
  const getTileUrl = children(getTile, 'Operation')
    .filter((op) => attr(op, 'name') === 'GetTile')
    .map((op) => attr(path(op, 'DCP', 'HTTP', 'Get'), 'href'))
    .find(Boolean);
  if (getTileUrl) details.getTileUrl = getTileUrl;
  if (layerCount > layers.length) {
    details.layerCount = layerCount;
    details.layersTruncated = true;
  }
  return { title, extent, layers, details };
}
