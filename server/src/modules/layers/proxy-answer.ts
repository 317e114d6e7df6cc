/**
 * What the layer proxy lets through, and how (docs/adr/0006, ARCHITECTURE.md "The layer
 * proxy's rules"). Its answers come from servers that tenants choose and are served from
 * this product's origin, so they must never be something a browser runs: only the media
 * types the layer's kind needs are passed, every answer carries `nosniff` and a sandboxing
 * policy, and everything but an image is an attachment, so that opening a proxied address
 * in a tab downloads it instead of rendering it here.
 */

/** The kinds of layer whose sources may go through the proxy (datasource type keys). */
export type ProxiedKind = string;

const images = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const xml = [
  'application/xml',
  'text/xml',
  'application/vnd.ogc.wms_xml',
  'application/vnd.ogc.se_xml',
  'application/vnd.ogc.gml',
  'application/gml+xml',
];
const json = ['application/json', 'application/geo+json', 'application/vnd.geo+json', 'text/json'];
const binary = ['application/octet-stream', 'binary/octet-stream'];
/** ArcGIS answers some JSON (`f=pjson`, older servers) as plain text. */
const plainText = ['text/plain'];

/** What each kind of layer fetches: imagery tiles, capabilities, feature info, tilesets, terrain. */
const allowedByKind: Record<string, readonly string[]> = {
  xyz: images,
  wms: [...images, ...xml, ...json],
  wmts: [...images, ...xml, ...json],
  'arcgis-mapserver': [...images, ...json, ...plainText],
  'arcgis-featureserver': [...json, ...plainText, 'application/x-protobuf'],
  '3dtiles': [...json, ...binary, ...images, 'model/gltf-binary', 'model/gltf+json', 'image/ktx2'],
  'cesium-terrain': [...json, ...binary, 'application/vnd.quantized-mesh'],
  geojson: [...json, ...plainText],
};

/**
 * A WMS's feature info is often only offered as HTML or text (MapServer's default): the
 * viewer reads it with a request and shows it in a sandboxed frame (feature-info.tsx).
 * Passed for GetFeatureInfo requests only, and like everything else as an attachment
 * under a sandboxing policy, so it cannot run as a page of this origin.
 */
const featureInfoText = ['text/html', 'text/plain'];

/** Names some map servers give the common image types. */
const aliases: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
};

/** The media type without parameters, lower-case, under its standard name; '' when absent. */
export function mediaTypeOf(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return aliases[type] ?? type;
}

const isFeatureInfo = (query: string) =>
  [...new URLSearchParams(query)].some(
    ([key, value]) => key.toLowerCase() === 'request' && value.toLowerCase() === 'getfeatureinfo',
  );

/**
 * The media type to answer with, if an answer of `contentType` may be passed for a layer
 * of `kind`; `undefined` when it may not. An answer without a type is passed as opaque
 * bytes to the kinds that fetch binaries (tiles, meshes), and refused otherwise.
 */
export function passedMediaType(kind: ProxiedKind, contentType: string | undefined, query: string) {
  const type = mediaTypeOf(contentType);
  const allowed = allowedByKind[kind] ?? [];
  if (type === '')
    return allowed.includes('application/octet-stream') ? 'application/octet-stream' : undefined;
  if (allowed.includes(type)) return type;
  if (kind === 'wms' && featureInfoText.includes(type) && isFeatureInfo(query)) return type;
  return undefined;
}

/** Text the proxy may have to clean of credentials before relaying it. */
export const isTextual = (type: string) =>
  type.startsWith('text/') || type.endsWith('json') || type.endsWith('xml') || type.includes('+xml');

/**
 * The headers of every proxied answer. `charset` is kept for text (a service's XML or
 * JSON may be Latin-1); `nosniff` stops a browser from reading an image or JSON as a
 * script or a page; `sandbox` gives anything opened as a page an origin of its own,
 * with no script, that no page may frame (the viewer shows feature info from a copy, in
 * `srcdoc`); an attachment is downloaded, never shown as a page of this origin.
 */
export function proxiedAnswerHeaders(type: string, upstreamContentType: string | undefined) {
  const charset = /;\s*charset=("?)([\w.:-]{1,40})\1/i.exec(upstreamContentType ?? '')?.[2];
  const headers: Record<string, string> = {
    'content-type': charset && isTextual(type) ? `${type}; charset=${charset}` : type,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
  };
  if (!type.startsWith('image/')) headers['content-disposition'] = 'attachment';
  return headers;
}

/** The first bytes of each image type the proxy passes: an answer labelled so must start with them. */
const signatures: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Bytes needed to tell an image by its signature. */
export const signatureLength = 12;

/**
 * Whether `head` (the answer's first bytes) is what its image type says; other types are
 * not checked here. A page labelled as a PNG is refused instead of relayed.
 */
export function matchesSignature(type: string, head: Buffer): boolean {
  const check = signatures[type];
  return !check || (head.length >= 4 && check(head));
}

/**
 * Removes the credentials the proxy added from a text answer: a service that echoes its
 * request (an ArcGIS error, a capabilities document listing its own address with the
 * token) would otherwise hand them to the reader. Each secret is replaced as written and
 * as the query string encodes it.
 */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ]))
      clean = clean.split(form).join('[redacted]');
  }
  return clean;
}
