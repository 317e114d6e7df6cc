import { describe, expect, it } from 'vitest';
import { epsgCode } from './crs.js';
import { parseCoverageDescription } from './wcs-client.js';

/** As PDOK's AHN (MapServer) describes dtm_05m. */
const pdok = `<?xml version="1.0" encoding="UTF-8"?>
<wcs:CoverageDescriptions xmlns:wcs="http://www.opengis.net/wcs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gmlcov="http://www.opengis.net/gmlcov/1.0" xmlns:swe="http://www.opengis.net/swe/2.0">
  <wcs:CoverageDescription gml:id="dtm_05m">
    <gml:boundedBy>
      <gml:Envelope srsName="http://www.opengis.net/def/crs/EPSG/0/28992" axisLabels="x y" uomLabels="m m" srsDimension="2">
        <gml:lowerCorner>10000 300000</gml:lowerCorner>
        <gml:upperCorner>280000 625000</gml:upperCorner>
      </gml:Envelope>
    </gml:boundedBy>
    <wcs:CoverageId>dtm_05m</wcs:CoverageId>
    <gml:domainSet>
      <gml:RectifiedGrid dimension="2" gml:id="grid_dtm_05m">
        <gml:limits><gml:GridEnvelope><gml:low>0 0</gml:low><gml:high>539999 649999</gml:high></gml:GridEnvelope></gml:limits>
        <gml:axisLabels>x y</gml:axisLabels>
        <gml:origin><gml:Point gml:id="grid_origin_dtm_05m" srsName="http://www.opengis.net/def/crs/EPSG/0/28992"><gml:pos>10000.25 624999.75</gml:pos></gml:Point></gml:origin>
        <gml:offsetVector srsName="http://www.opengis.net/def/crs/EPSG/0/28992">0.5 0</gml:offsetVector>
        <gml:offsetVector srsName="http://www.opengis.net/def/crs/EPSG/0/28992">0 -0.5</gml:offsetVector>
      </gml:RectifiedGrid>
    </gml:domainSet>
    <gmlcov:rangeType><swe:DataRecord><swe:field name="Band1"><swe:Quantity>
      <swe:nilValues><swe:NilValues><swe:nilValue reason="http://www.opengis.net/def/nil/OGC/0/unknown">3.4028234663852886e+38</swe:nilValue></swe:NilValues></swe:nilValues>
    </swe:Quantity></swe:field></swe:DataRecord></gmlcov:rangeType>
  </wcs:CoverageDescription>
</wcs:CoverageDescriptions>`;

describe('parseCoverageDescription', () => {
  it('reads the CRS, the axes, the grid (its outer corner) and the nil value', () => {
    expect(parseCoverageDescription(pdok, 'dtm_05m')).toEqual({
      crs: 'EPSG:28992',
      axes: { x: 'x', y: 'y' },
      grid: { originX: 10000, originY: 625000, stepX: 0.5, stepY: -0.5, width: 540000, height: 650000 },
      nodata: [3.4028234663852886e38],
    });
  });

  it('takes latitude-first axes (EPSG:4326) apart: columns along longitude', () => {
    const latLong = pdok
      .replaceAll('http://www.opengis.net/def/crs/EPSG/0/28992', 'http://www.opengis.net/def/crs/EPSG/0/4326')
      .replace('axisLabels="x y"', 'axisLabels="Lat Long"')
      .replace('<gml:pos>10000.25 624999.75</gml:pos>', '<gml:pos>53.99 3.01</gml:pos>')
      .replace('>0.5 0<', '>0 0.02<')
      .replace('>0 -0.5<', '>-0.02 0<');
    const { crs, axes, grid } = parseCoverageDescription(latLong, 'dtm_05m');
    expect([crs, axes]).toEqual(['EPSG:4326', { x: 'Long', y: 'Lat' }]);
    expect(grid.originX).toBeCloseTo(3, 9);
    expect(grid.originY).toBeCloseTo(54, 9);
    expect([grid.stepX, grid.stepY, grid.width, grid.height]).toEqual([0.02, -0.02, 540000, 650000]);
  });

  it('says what is wrong: an exception report, no grid, a rotated grid', () => {
    const report =
      '<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/2.0"><ows:Exception exceptionCode="NoSuchCoverage"><ows:ExceptionText>No such coverage: dtm</ows:ExceptionText></ows:Exception></ows:ExceptionReport>';
    expect(() => parseCoverageDescription(report, 'dtm')).toThrow(/No such coverage: dtm/);
    expect(() => parseCoverageDescription('not xml', 'dtm')).toThrow(/not XML/);
    expect(() =>
      parseCoverageDescription(pdok.replace(/<gml:domainSet>[\s\S]*<\/gml:domainSet>/, ''), 'dtm_05m'),
    ).toThrow(/no rectified grid/);
    expect(() => parseCoverageDescription(pdok.replace('>0.5 0<', '>0.5 0.1<'), 'dtm_05m')).toThrow(
      /rotated/,
    );
  });
});

describe('epsgCode', () => {
  it('reads the ways OGC services write a CRS', () => {
    for (const name of [
      'EPSG:28992',
      'http://www.opengis.net/def/crs/EPSG/0/28992',
      'urn:ogc:def:crs:EPSG::28992',
      'urn:ogc:def:crs:EPSG:6.3:28992',
      'http://www.opengis.net/gml/srs/epsg.xml#28992',
    ])
      expect(epsgCode(name)).toBe('EPSG:28992');
    expect(epsgCode('http://www.opengis.net/def/crs/OGC/1.3/CRS84')).toBe('EPSG:4326');
    expect(epsgCode('LOCAL')).toBeUndefined();
  });
});
