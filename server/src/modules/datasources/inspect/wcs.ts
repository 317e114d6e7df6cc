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
import { child, children, childText, parseXmlRoot, throwIfException, type XmlNode } from './xml.js';

const NOT_WCS = 'This is not a WCS 2.0 Capabilities document.';

/** A `WGS84BoundingBox` (OWS: "lon lat" corners) as an extent in degrees. */
function wgs84Extent(summary: XmlNode): Extent | null {
  let extent: Extent | null = null;
  for (const box of children(summary, 'WGS84BoundingBox')) {
    const lower = (childText(box, 'LowerCorner') ?? '').trim().split(/\s+/);
    const upper = (childText(box, 'UpperCorner') ?? '').trim().split(/\s+/);
    if (lower.length >= 2 && upper.length >= 2)
      extent = unionExtent(extent, normalizeExtent(lower[0], lower[1], upper[0], upper[1]));
  }
  return extent;
}

/**
 * Reads an OGC WCS 2.0 GetCapabilities answer: the service's title, its coverages as
 * `layers` (the `coverage` a `wcs` source names) and their extent in degrees, where the
 * service gives one (`ows:WGS84BoundingBox`, optional in WCS 2.0).
 */
export function parseWcsCapabilities(body: string, url: string): InspectResult {
  const root = parseXmlRoot(body, NOT_WCS);
  throwIfException(root);
  if (root.name !== 'Capabilities') throw new NotThisTypeError(NOT_WCS);
  const identification = child(root.node, 'ServiceIdentification');
  const serviceType = childText(identification, 'ServiceType');
  const contents = child(root.node, 'Contents');
  const summaries = children(contents, 'CoverageSummary');
  // WMTS and others also answer `Capabilities`: a WCS says so, or lists coverages.
  if (serviceType !== undefined ? !serviceType.toUpperCase().includes('WCS') : summaries.length === 0)
    throw new NotThisTypeError(NOT_WCS);
  let extent: Extent | null = null;
  const layers: InspectResult['layers'] = [];
  for (const summary of summaries) {
    const id = cleanText(childText(summary, 'CoverageId') ?? childText(summary, 'Identifier'), 1000);
    if (!id) continue;
    extent = unionExtent(extent, wgs84Extent(summary));
    if (layers.length < MAX_LAYERS)
      layers.push({ name: id, title: cleanText(childText(summary, 'Title')) ?? id });
  }
  const title = cleanText(childText(identification, 'Title')) ?? (hostOf(url) || 'WCS');
  return { title, extent, layers };
}
