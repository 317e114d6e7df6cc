/**
 * A WMS 1.3.0 GetCapabilities document the size of the largest seen in the wild: 74,701
 * named layers in about 19 MiB (a national catalogue service), each with a title, an
 * abstract, its CRS and a bounding box in CRS:84, as such servers write them.
 */
export function largeWmsCapabilities(layerCount = 74_701): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">\n',
    '<Service><Name>WMS</Name><Title>National Catalogue</Title></Service>\n',
    '<Capability><Request><GetMap><Format>image/png</Format><Format>image/png; mode=8bit</Format>',
    '<DCPType><HTTP><Get><OnlineResource xlink:type="simple" xlink:href="https://catalogue.example/wms?"/></Get></HTTP></DCPType>',
    '</GetMap></Request>\n<Layer><Title>National Catalogue</Title><CRS>EPSG:4326</CRS><CRS>EPSG:3857</CRS>\n',
    '<EX_GeographicBoundingBox><westBoundLongitude>3.2</westBoundLongitude><eastBoundLongitude>7.3</eastBoundLongitude>',
    '<southBoundLatitude>50.7</southBoundLatitude><northBoundLatitude>53.6</northBoundLatitude></EX_GeographicBoundingBox>\n',
  ];
  for (let i = 0; i < layerCount; i++) {
    const west = (3.2 + (i % 40) / 10).toFixed(2);
    const south = (50.7 + (i % 29) / 10).toFixed(2);
    parts.push(
      `<Layer queryable="1"><Name>cat:layer_${i}</Name><Title>Catalogue layer ${i}</Title>`,
      `<Abstract>Records of survey ${i}.</Abstract><CRS>EPSG:28992</CRS>`,
      `<BoundingBox CRS="CRS:84" minx="${west}" miny="${south}" maxx="7.3" maxy="53.6"/><Style><Name>default</Name></Style></Layer>\n`,
    );
  }
  parts.push('</Layer></Capability></WMS_Capabilities>\n');
  return parts.join('');
}
