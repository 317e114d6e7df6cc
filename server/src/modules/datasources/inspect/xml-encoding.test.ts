import { describe, expect, it } from 'vitest';
import { NotThisTypeError } from './inspect-result.js';
import { decodeXmlBytes } from './xml-encoding.js';

const doc = (declaration: string, title = 'Forêts – Straße €') => `${declaration}<Title>${title}</Title>`;
/** Every character of it is in ISO-8859-1. */
const latinTitle = 'Forêts, Straße, Ærø';
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('decodeXmlBytes', () => {
  it('follows a byte-order mark over the declaration and the header', () => {
    const text = doc('<?xml version="1.0" encoding="ISO-8859-1"?>');
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(decodeXmlBytes(withBom, 'text/xml; charset=windows-1252')).toBe(text);
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeXmlBytes(le)).toBe(text);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]);
    expect(decodeXmlBytes(be)).toBe(text);
  });

  it('tells UTF-16 without a byte-order mark from its first bytes', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-16"?>');
    expect(decodeXmlBytes(Buffer.from(text, 'utf16le'))).toBe(text);
    expect(decodeXmlBytes(utf16be(text))).toBe(text);
  });

  it('reads the declared encoding, in either quotes and after blank lines', () => {
    const latin1 = doc(`<?xml version='1.0' encoding='ISO-8859-1'?>`, latinTitle);
    expect(decodeXmlBytes(Buffer.from(latin1, 'latin1'), 'text/xml; charset=UTF-8')).toBe(latin1);
    const head = '\n\n<?xml version="1.0" encoding="windows-1252" standalone="no"?><Title>';
    const bytes = Buffer.concat([
      Buffer.from(head),
      Buffer.from([0x80, 0x20, 0x91, 0x8c, 0x92]),
      Buffer.from('</Title>'),
    ]);
    expect(decodeXmlBytes(bytes)).toBe(`${head}€ ‘Œ’</Title>`);
  });

  it('uses the header’s charset only when the document says nothing, and UTF-8 by default', () => {
    const text = doc('<?xml version="1.0"?>', latinTitle);
    expect(decodeXmlBytes(Buffer.from(text, 'latin1'), 'text/xml;charset="iso-8859-1"')).toBe(text);
    expect(decodeXmlBytes(Buffer.from(text))).toBe(text);
    expect(decodeXmlBytes(Buffer.from(text), 'text/xml')).toBe(text);
  });

  it('reads ASCII-shaped bytes that claim UTF-16 as UTF-8', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-16"?>');
    expect(decodeXmlBytes(Buffer.from(text), 'text/xml; charset=UTF-16')).toBe(text);
  });

  it('says which encoding it cannot read', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="EBCDIC-XX"?><a/>');
    expect(() => decodeXmlBytes(bytes)).toThrow(NotThisTypeError);
    expect(() => decodeXmlBytes(bytes)).toThrow('The document\'s encoding "EBCDIC-XX" is not supported.');
  });
});
