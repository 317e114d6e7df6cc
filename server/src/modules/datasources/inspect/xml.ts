import { XMLParser } from 'fast-xml-parser';
import { firstNonSpace, isRecord, NotThisTypeError } from './inspect-result.js';

/** Deeper than this is refused: no capabilities document needs it, and each level costs. */
const MAX_DEPTH = 100;

/**
 * XML reading for the OGC capabilities parsers. fast-xml-parser never fetches
 * anything, and a document that declares entities is refused before it is parsed (no
 * XXE, no "billion laughs"); a DOCTYPE that only names its DTD, as WMS 1.1.1 documents
 * do, is read (the DTD is never fetched). The predefined entities and character
 * references are decoded afterwards, on the few text values the parsers keep.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  maxNestedTags: MAX_DEPTH,
});

export const ENTITIES_REFUSED = 'The document declares entities, which are not accepted.';
export const TOO_DEEP = `The document is nested too deeply (more than ${MAX_DEPTH} levels).`;

export type XmlNode = Record<string, unknown>;

/** The document's root element: its (prefix-less) name and content. */
export type XmlRoot = { name: string; node: XmlNode };

/**
 * Parses `body`; throws `NotThisTypeError(message)` when it is not XML with one root
 * element, and says so when it was refused for declaring entities or for its depth.
 */
export function parseXmlRoot(body: string, message: string): XmlRoot {
  if (firstNonSpace(body) !== '<') throw new NotThisTypeError(message);
  if (doctypeOf(body)?.includes('<!ENTITY')) throw new NotThisTypeError(ENTITIES_REFUSED);
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    if (reason.includes('Maximum nested tags')) throw new NotThisTypeError(TOO_DEEP);
    if (/\bentit/i.test(reason)) throw new NotThisTypeError(ENTITIES_REFUSED);
    throw new NotThisTypeError(message);
  }
  if (!isRecord(doc)) throw new NotThisTypeError(message);
  for (const [name, value] of Object.entries(doc)) {
    if (name.startsWith('?') || name.startsWith('!') || name.startsWith('#')) continue;
    if (isRecord(value)) return { name, node: value };
    if (value === '') return { name, node: {} };
    if (Array.isArray(value) && isRecord(value[0])) return { name, node: value[0] };
    throw new NotThisTypeError(message);
  }
  throw new NotThisTypeError(message);
}

const isBlank = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;

/**
 * The document type declaration, when the prolog (declaration, comments, processing
 * instructions) is followed by one; read only up to its end, so a large document costs
 * nothing here.
 */
function doctypeOf(text: string): string | undefined {
  let i = 0;
  for (;;) {
    while (i < text.length && isBlank(text.charCodeAt(i))) i++;
    let close: string;
    if (text.startsWith('<!DOCTYPE', i)) return text.slice(i, doctypeEnd(text, i));
    if (text.startsWith('<?', i)) close = '?>';
    else if (text.startsWith('<!--', i)) close = '-->';
    else return undefined;
    const end = text.indexOf(close, i + 2);
    if (end < 0) return undefined;
    i = end + close.length;
  }
}

/** Where the DOCTYPE starting at `start` ends: its `>`, past quoted text and the `[…]` subset. */
function doctypeEnd(text: string, start: number): number {
  let quote = '';
  let depth = 0;
  for (let i = start + 2; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === '>' && depth === 0) return i + 1;
  }
  return text.length;
}

/** A value that may be one element or several, as a list. */
export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The first child element `name` (or undefined). */
export function child(node: unknown, name: string): XmlNode | undefined {
  if (!isRecord(node)) return undefined;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (isRecord(first)) return first;
  if (typeof first === 'string') return { '#text': first };
  return undefined;
}

/** Every child element `name`. */
export function children(node: unknown, name: string): XmlNode[] {
  if (!isRecord(node)) return [];
  return asArray(node[name]).map((v) => (isRecord(v) ? v : { '#text': typeof v === 'string' ? v : '' }));
}

/** Follows a path of child element names. */
export function path(node: unknown, ...names: string[]): XmlNode | undefined {
  let current: unknown = node;
  for (const name of names) {
    current = child(current, name);
    if (current === undefined) return undefined;
  }
  return current as XmlNode;
}

/** The decoded text of an element (the first one when repeated), or undefined. */
export function textOf(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return decodeXmlText(first);
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  if (isRecord(first)) {
    const t = first['#text'];
    if (typeof t === 'string') return decodeXmlText(t);
    if (typeof t === 'number') return String(t);
  }
  return undefined;
}

/** The text of child element `name`. */
export function childText(node: unknown, name: string): string | undefined {
  return isRecord(node) ? textOf(node[name]) : undefined;
}

/** The decoded value of attribute `name` (prefix removed, e.g. `href` for `xlink:href`). */
export function attr(node: unknown, name: string): string | undefined {
  if (!isRecord(node)) return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? decodeXmlText(value) : undefined;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; others stay as written. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const amp = text.indexOf('&', i);
    if (amp < 0) break;
    out += text.slice(i, amp);
    const semi = text.indexOf(';', amp + 1);
    if (semi < 0 || semi - amp > 12) {
      out += '&';
      i = amp + 1;
      continue;
    }
    const ref = text.slice(amp + 1, semi);
    let decoded: string | undefined = NAMED[ref];
    if (decoded === undefined && ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      const digits = ref.slice(hex ? 2 : 1);
      const code = digits === '' ? Number.NaN : Number.parseInt(digits, hex ? 16 : 10);
      const allowed = hex ? '0123456789abcdefABCDEF' : '0123456789';
      const valid = digits.length > 0 && [...digits].every((c) => allowed.includes(c));
      if (
        valid &&
        Number.isInteger(code) &&
        code > 0 &&
        code <= 0x10ffff &&
        (code < 0xd800 || code > 0xdfff)
      ) {
        decoded = String.fromCodePoint(code);
      }
    }
    if (decoded === undefined) {
      out += text.slice(amp, semi + 1);
    } else {
      out += decoded;
    }
    i = semi + 1;
  }
  return out + text.slice(i);
}

/**
 * The text of an OGC exception report (WMS `ServiceExceptionReport` or OWS
 * `ExceptionReport`), or undefined when the root is not one.
 */
export function exceptionText(root: XmlRoot): string | undefined {
  if (root.name === 'ServiceExceptionReport') {
    const texts = children(root.node, 'ServiceException')
      .map((e) => textOf(e) ?? attr(e, 'code'))
      .filter(Boolean);
    return texts.join(' ').trim() || 'no details';
  }
  if (root.name === 'ExceptionReport') {
    const texts = children(root.node, 'Exception')
      .flatMap((e) => children(e, 'ExceptionText').map((t) => textOf(t)))
      .filter(Boolean);
    const codes = children(root.node, 'Exception')
      .map((e) => attr(e, 'exceptionCode'))
      .filter(Boolean);
    return (texts.length ? texts : codes).join(' ').trim() || 'no details';
  }
  return undefined;
}

/** Throws a `NotThisTypeError` quoting the service's exception, if the root is one. */
export function throwIfException(root: XmlRoot): void {
  const text = exceptionText(root);
  if (text === undefined) return;
  const short = text.length > 300 ? `${text.slice(0, 299)}…` : text;
  throw new NotThisTypeError(`The service answered with an error: ${short}`);
}
