import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotThisTypeError } from './inspect-result.js';
import { parseWcsCapabilities } from './wcs.js';

const capabilities = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'wcs-2.0.1.xml'), 'utf8');

describe('WCS capabilities', () => {
  it('lists the coverages as layers, with their extent in degrees', () => {
    expect(parseWcsCapabilities(capabilities, 'https://service.example.org/ahn/wcs')).toEqual({
      title: 'AHN & more',
      extent: [3.2, 50.7, 7.3, 53.6],
      layers: [
        { name: 'dtm_05m', title: 'dtm_05m' },
        { name: 'dsm_05m', title: 'dsm_05m' },
      ],
    });
  });

  it('refuses what is not a WCS', () => {
    const wmts = capabilities.replace('urn:ogc:service:wcs', 'OGC WMTS');
    expect(() => parseWcsCapabilities(wmts, 'https://x.example.org/')).toThrow(NotThisTypeError);
    expect(() => parseWcsCapabilities('{"a":1}', 'https://x.example.org/')).toThrow(NotThisTypeError);
    expect(() =>
      parseWcsCapabilities(
        '<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/2.0"><ows:Exception exceptionCode="NoApplicableCode"><ows:ExceptionText>Down</ows:ExceptionText></ows:Exception></ows:ExceptionReport>',
        'https://x.example.org/',
      ),
    ).toThrow(/Down/);
  });
});
