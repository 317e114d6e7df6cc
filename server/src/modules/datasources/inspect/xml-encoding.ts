import { NotThisTypeError } from './inspect-result.js';

/**
 * Turns an XML answer's bytes into text, deciding its encoding as XML 1.0 (Appendix F) does
 * and in the order libxml2 follows: OWSLib hands the bytes, byte-order mark stripped, to lxml
 * and never looks at the HTTP header.
 *
 * 1. a byte-order mark (UTF-8, UTF-16 LE or BE);
 * 2. without one, UTF-16 told by the first bytes, `<\0?\0` or `\0<\0?`;
 * 3. the XML declaration's `encoding` (ISO-8859-1, windows-1252, …), read in ASCII;
 * 4. only when the document says nothing, the HTTP `Content-Type` charset (where libxml2
 *    would assume UTF-8);
 * 5. else UTF-8.
 *
 * RFC 7303 would put the HTTP charset before the declaration, but map servers often send a
 * framework's default `charset=UTF-8` in front of a body that declares, and is in,
 * ISO-8859-1: reading it the declared way gives the titles their accents, as reference
 * clients show them. A declared UTF-16 in a body whose first bytes are ASCII is a server's
 * mistake, and the bytes win. An encoding the platform cannot decode is said, not guessed.
 */
export function decodeXmlBytes(bytes: Uint8Array, contentType?: string): string {
  const b0 = bytes[0];
  const b1 = bytes[1];
  const b2 = bytes[2];
  const b3 = bytes[3];
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decode('utf-8', bytes.subarray(3));
  if (b0 === 0xff && b1 === 0xfe) return decode('utf-16le', bytes.subarray(2));
  if (b0 === 0xfe && b1 === 0xff) return decode('utf-16be', bytes.subarray(2));
  if (b0 === 0x3c && b1 === 0 && b2 === 0x3f && b3 === 0) return decode('utf-16le', bytes);
  if (b0 === 0 && b1 === 0x3c && b2 === 0 && b3 === 0x3f) return decode('utf-16be', bytes);
  const declared = declaredEncoding(bytes) ?? charsetOf(contentType);
  if (declared === undefined || /^utf-?(16|32)/i.test(declared)) return decode('utf-8', bytes);
  return decode(declared, bytes);
}

function decode(encoding: string, bytes: Uint8Array): string {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    throw new NotThisTypeError(`The document's encoding "${encoding}" is not supported.`);
  }
  if (decoder.encoding === 'windows-1252') return windows1252(bytes);
  return decoder.decode(bytes);
}

/** Bytes 0x80–0x9F in windows-1252; the five it leaves undefined stay the C1 controls. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * windows-1252, which is also what ISO-8859-1 and ASCII mean on the web (WHATWG Encoding):
 * Node 20's TextDecoder reads it as ISO-8859-1, losing €, curly quotes and dashes.
 */
function windows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] as string);
}

/** The `encoding` of an `<?xml … ?>` declaration at the very start, if it has one. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  // A declaration is short; its characters are ASCII in every encoding that gets here.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512)).toString(
    'latin1',
  );
  // Blank lines before the declaration are not XML, but some servers send them.
  const start = head.trimStart();
  if (!start.startsWith('<?xml')) return undefined;
  const end = start.indexOf('?>');
  const declaration = end < 0 ? start : start.slice(0, end);
  return /\sencoding\s*=\s*(?:"([A-Za-z][\w.:-]*)"|'([A-Za-z][\w.:-]*)')/
    .exec(declaration)
    ?.slice(1)
    .find(Boolean);
}

/** The `charset` parameter of a `Content-Type` header. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([A-Za-z][\w.:-]*)"?/i.exec(contentType ?? '');
  return match?.[1];
}
