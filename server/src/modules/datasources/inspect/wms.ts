import { crsList } from './crs-list.js';
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

const NOT_WMS = 'This is not a WMS GetCapabilities document.';
const ROOTS = new Set(['WMS_Capabilities', 'WMT_MS_Capabilities']);

/** A WMS layer's bounding box in degrees, from whichever element the version uses. */
function layerExtent(layer: XmlNode): Extent | null {
  const geo = child(layer, 'EX_GeographicBoundingBox');
  if (geo) {
    const extent = normalizeExtent(
      childText(geo, 'westBoundLongitude'),
      childText(geo, 'southBoundLatitude'),
      childText(geo, 'eastBoundLongitude'),
      childText(geo, 'northBoundLatitude'),
    );
    if (extent) return extent;
  }
  const latLon = child(layer, 'LatLonBoundingBox');
  if (latLon) {
    const extent = normalizeExtent(
      attr(latLon, 'minx'),
      attr(latLon, 'miny'),
      attr(latLon, 'maxx'),
      attr(latLon, 'maxy'),
    );
    if (extent) return extent;
  }
  // CRS:84 is longitude/latitude in every version (EPSG:4326 in 1.3.0 is not: skip it).
  for (const box of children(layer, 'BoundingBox')) {
    const crs = (attr(box, 'CRS') ?? attr(box, 'SRS') ?? '').toUpperCase();
    if (crs === 'CRS:84' || (crs === 'EPSG:4326' && attr(box, 'SRS') !== undefined)) {
      const extent = normalizeExtent(
        attr(box, 'minx'),
        attr(box, 'miny'),
        attr(box, 'maxx'),
        attr(box, 'maxy'),
      );
      if (extent) return extent;
    }
  }
  return null;
}

/** The distinct texts, each whole: a format such as `image/png; mode=8bit` holds spaces. */
function wholeTexts(nodes: XmlNode[], max: number): string[] {
  const out = new Set<string>();
  for (const node of nodes) {
    const text = cleanText(textOf(node), 1000);
    if (text) out.add(text);
    if (out.size >= max) break;
  }
  return [...out];
}

/** Every CRS named; WMS 1.1.1 lets one `<SRS>` list several, separated by spaces. */
function* crsNames(nodes: XmlNode[]): Generator<string> {
  for (const node of nodes) for (const name of (textOf(node) ?? '').split(/\s+/)) if (name) yield name;
}

/** Reads a WMS 1.1.1 (`WMT_MS_Capabilities`) or 1.3.0 (`WMS_Capabilities`) GetCapabilities answer. */
export function parseWmsCapabilities(body: string, url: string): InspectResult {
  const root = parseXmlRoot(body, NOT_WMS);
  throwIfException(root);
  if (!ROOTS.has(root.name)) throw new NotThisTypeError(NOT_WMS);
  const capability = child(root.node, 'Capability');
  const topLayers = children(capability, 'Layer');
  if (!capability) throw new NotThisTypeError(NOT_WMS);

  const layers: InspectResult['layers'] = [];
  let layerCount = 0;
  let anyExtent: Extent | null = null;
  // Depth-first, in document order, without recursion.
  const stack: XmlNode[] = [...topLayers].reverse();
  while (stack.length > 0) {
    const layer = stack.pop() as XmlNode;
    const name = cleanText(childText(layer, 'Name'), 1000);
    if (name) {
      layerCount++;
      if (layers.length < MAX_LAYERS)
        layers.push({ name, title: cleanText(childText(layer, 'Title')) ?? name });
    }
    anyExtent = unionExtent(anyExtent, layerExtent(layer));
    const nested = children(layer, 'Layer');
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i] as XmlNode);
  }

  let extent: Extent | null = null;
  for (const top of topLayers) extent = unionExtent(extent, layerExtent(top));
  extent ??= anyExtent;

  const first = topLayers[0];
  const title =
    cleanText(childText(child(root.node, 'Service'), 'Title')) ??
    cleanText(childText(first, 'Title')) ??
    (hostOf(url) || 'WMS');

  const getMap = path(capability, 'Request', 'GetMap');
  const details: Record<string, unknown> = {
    version: attr(root.node, 'version') ?? (root.name === 'WMS_Capabilities' ? '1.3.0' : '1.1.1'),
    formats: wholeTexts(children(getMap, 'Format'), 50),
    ...crsList(crsNames(first ? [...children(first, 'CRS'), ...children(first, 'SRS')] : [])),
  };
  const getMapUrl = attr(path(getMap, 'DCPType', 'HTTP', 'Get', 'OnlineResource'), 'href');
  if (getMapUrl) details.getMapUrl = getMapUrl;
  const abstract = cleanText(childText(child(root.node, 'Service'), 'Abstract'), 2000);
  if (abstract) details.abstract = abstract;
  if (layerCount > layers.length) {
    details.layerCount = layerCount;
    details.layersTruncated = true;
  }
  return { title, extent, layers, details };
}
