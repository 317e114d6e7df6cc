import { Document, NodeIO } from '@gltf-transform/core';
import { PNG } from 'pngjs';

/**
 * What the fake portal's map services draw, and where (web/e2e/viewer-layers.spec.ts looks
 * for it in the map's pixels). Every layer covers its own patch of the Netherlands inside
 * the default camera's view (contract `defaultCamera`: 5.3° E 52.1° N from 350 km), and no
 * two patches overlap, so one workspace holds them all and toggling one changes only its own.
 */

/** `[west, south, east, north]` in degrees. */
export type Extent = readonly [number, number, number, number];
export type Rgb = readonly [number, number, number];

export const mapFixtures = {
  /** WMS 1.3.0 GetMap: yellow inside, transparent outside. */
  wms: { extent: [2.8, 52.35, 3.6, 52.85] as Extent, colour: [255, 255, 0] as Rgb, layer: 'blocks' },
  /** WMTS (GoogleMapsCompatible), RESTful tiles: blue inside. */
  wmts: { extent: [4.0, 52.35, 4.8, 52.85] as Extent, colour: [0, 0, 255] as Rgb, layer: 'blocks' },
  /** ArcGIS MapServer tiles (Web Mercator tileInfo): purple inside. */
  arcgis: { extent: [5.2, 52.35, 6.0, 52.85] as Extent, colour: [128, 0, 255] as Rgb },
  /** A 3D Tiles 1.1 box, 40 × 30 km and 1 km high, glowing cyan (emissive, so the sun does not matter). */
  tiles3d: {
    centre: { longitude: 6.8, latitude: 52.6 },
    size: { east: 40_000, north: 30_000, up: 1_000 },
    colour: [0, 255, 255] as Rgb,
  },
  /** A GeoJSON file of three squares. */
  geojson: {
    extents: [
      [2.8, 51.4, 3.2, 51.8],
      [3.4, 51.4, 3.8, 51.8],
      [4.0, 51.4, 4.4, 51.8],
    ] as Extent[],
  },
  /** The GeoJSON the tests upload: one rectangle. */
  upload: { extent: [5.2, 51.4, 6.0, 51.8] as Extent },
};

/** The ground the 3D box stands on, in degrees (WGS84's radii of curvature at its latitude). */
export function boxExtent(): Extent {
  const { centre, size } = mapFixtures.tiles3d;
  const lat = (centre.latitude * Math.PI) / 180;
  const e2 = 6.69437999014e-3;
  const w = 1 - e2 * Math.sin(lat) ** 2;
  const east = (6378137 / Math.sqrt(w)) * Math.cos(lat); // metres per radian of longitude
  const north = (6378137 * (1 - e2)) / w ** 1.5; // metres per radian of latitude
  const dLon = ((size.east / 2 / east) * 180) / Math.PI;
  const dLat = ((size.north / 2 / north) * 180) / Math.PI;
  return [centre.longitude - dLon, centre.latitude - dLat, centre.longitude + dLon, centre.latitude + dLat];
}

/** A FeatureCollection of rectangles. */
export function rectanglesGeojson(extents: readonly Extent[]) {
  return {
    type: 'FeatureCollection',
    features: extents.map(([w, s, e, n], index) => ({
      type: 'Feature',
      properties: { name: `Rectangle ${index + 1}` },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [w, s],
            [e, s],
            [e, n],
            [w, n],
            [w, s],
          ],
        ],
      },
    })),
  };
}

const inside = ([w, s, e, n]: Extent, longitude: number, latitude: number) =>
  longitude >= w && longitude <= e && latitude >= s && latitude <= n;

/**
 * A PNG of `width` × `height` whose pixel centres at (lon, lat) inside `extent` get
 * `colour`, the rest transparent. `toLonLat` maps a pixel centre (in pixels) to degrees.
 */
function drawExtent(
  width: number,
  height: number,
  toLonLat: (x: number, y: number) => [number, number],
  extent: Extent,
  colour: Rgb,
): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [longitude, latitude] = toLonLat(x + 0.5, y + 0.5);
      const i = (y * width + x) * 4;
      if (inside(extent, longitude, latitude)) png.data.set([colour[0], colour[1], colour[2], 255], i);
      else png.data.set([0, 0, 0, 0], i);
    }
  }
  return PNG.sync.write(png);
}

/** A Web Mercator tile (z, x, y from the top left, 256 px: XYZ, WMTS GoogleMapsCompatible, ArcGIS 102100). */
export function mercatorTile(z: number, x: number, y: number, extent: Extent, colour: Rgb): Buffer {
  const n = 2 ** z;
  return drawExtent(
    256,
    256,
    (px, py) => [
      ((x + px / 256) / n) * 360 - 180,
      (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + py / 256)) / n))) * 180) / Math.PI,
    ],
    extent,
    colour,
  );
}

/** A WMS GetMap image of `[west, south, east, north]` in degrees. */
export function geographicImage(
  width: number,
  height: number,
  [west, south, east, north]: Extent,
  extent: Extent,
  colour: Rgb,
): Buffer {
  return drawExtent(
    width,
    height,
    (px, py) => [west + (px / width) * (east - west), north - (py / height) * (north - south)],
    extent,
    colour,
  );
}

/** A 20 px legend swatch of one colour (WMS GetLegendGraphic, an ArcGIS legend's imageData). */
export function legendSwatch(colour: Rgb): Buffer {
  return geographicImage(20, 20, [0, 0, 1, 1], [0, 0, 1, 1], colour);
}

/** A WMS 1.3.0 GetCapabilities document with one queryable layer. */
export function wmsCapabilities(url: string): string {
  const [w, s, e, n] = mapFixtures.wms.extent;
  return `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">
  <Service><Name>WMS</Name><Title>Viewer fixture WMS</Title></Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>text/xml</Format><DCPType><HTTP><Get><OnlineResource xlink:href="${url}?"/></Get></HTTP></DCPType></GetCapabilities>
      <GetMap><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="${url}?"/></Get></HTTP></DCPType></GetMap>
      <GetFeatureInfo><Format>application/json</Format><Format>text/html</Format><DCPType><HTTP><Get><OnlineResource xlink:href="${url}?"/></Get></HTTP></DCPType></GetFeatureInfo>
    </Request>
    <Exception><Format>XML</Format></Exception>
    <Layer>
      <Title>Fixtures</Title>
      <CRS>EPSG:4326</CRS><CRS>CRS:84</CRS>
      <Layer queryable="1">
        <Name>${mapFixtures.wms.layer}</Name><Title>Yellow block</Title>
        <EX_GeographicBoundingBox><westBoundLongitude>${w}</westBoundLongitude><eastBoundLongitude>${e}</eastBoundLongitude><southBoundLatitude>${s}</southBoundLatitude><northBoundLatitude>${n}</northBoundLatitude></EX_GeographicBoundingBox>
        <BoundingBox CRS="EPSG:4326" minx="${s}" miny="${w}" maxx="${n}" maxy="${e}"/>
      </Layer>
    </Layer>
  </Capability>
</WMS_Capabilities>`;
}

/** A WMTS capabilities document for the RESTful tiles (GoogleMapsCompatible, levels 0–18). */
export function wmtsCapabilities(template: string): string {
  const [w, s, e, n] = mapFixtures.wmts.extent;
  const matrices = Array.from({ length: 19 }, (_, z) => {
    const size = 2 ** z;
    return `<TileMatrix><ows:Identifier>${z}</ows:Identifier><ScaleDenominator>${559082264.0287178 / size}</ScaleDenominator><TopLeftCorner>-20037508.3427892 20037508.3427892</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>${size}</MatrixWidth><MatrixHeight>${size}</MatrixHeight></TileMatrix>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" version="1.0.0">
  <ows:ServiceIdentification><ows:Title>Viewer fixture WMTS</ows:Title><ows:ServiceType>OGC WMTS</ows:ServiceType><ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <Contents>
    <Layer>
      <ows:Title>Blue block</ows:Title><ows:Identifier>${mapFixtures.wmts.layer}</ows:Identifier>
      <ows:WGS84BoundingBox><ows:LowerCorner>${w} ${s}</ows:LowerCorner><ows:UpperCorner>${e} ${n}</ows:UpperCorner></ows:WGS84BoundingBox>
      <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>
      <Format>image/png</Format>
      <TileMatrixSetLink><TileMatrixSet>GoogleMapsCompatible</TileMatrixSet></TileMatrixSetLink>
      <ResourceURL format="image/png" resourceType="tile" template="${template}"/>
    </Layer>
    <TileMatrixSet><ows:Identifier>GoogleMapsCompatible</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>
${matrices}
    </TileMatrixSet>
  </Contents>
</Capabilities>`;
}

/** An ArcGIS MapServer's `?f=json` with a Web Mercator tile cache (levels 0–19). */
export function arcgisServiceJson() {
  const [xmin, ymin, xmax, ymax] = mapFixtures.arcgis.extent;
  return {
    currentVersion: 10.91,
    mapName: 'Purple block',
    singleFusedMapCache: true,
    layers: [{ id: 0, name: 'Purple block' }],
    spatialReference: { wkid: 102100, latestWkid: 3857 },
    fullExtent: { xmin, ymin, xmax, ymax, spatialReference: { wkid: 4326 } },
    tileInfo: {
      rows: 256,
      cols: 256,
      dpi: 96,
      format: 'PNG32',
      origin: { x: -20037508.342787, y: 20037508.342787 },
      spatialReference: { wkid: 102100, latestWkid: 3857 },
      lods: Array.from({ length: 20 }, (_, level) => ({
        level,
        resolution: 156543.03392800014 / 2 ** level,
        scale: 591657527.591555 / 2 ** level,
      })),
    },
  };
}

/**
 * The column-major 4×4 matrix from a local east-north-up frame at (lon, lat, height) to
 * Earth-fixed coordinates (WGS84), as Cesium's `Transforms.eastNorthUpToFixedFrame` gives it.
 */
export function eastNorthUpToFixedFrame(longitude: number, latitude: number, height = 0): number[] {
  const a = 6378137;
  const e2 = 6.69437999014e-3;
  const lon = (longitude * Math.PI) / 180;
  const lat = (latitude * Math.PI) / 180;
  const [sinLon, cosLon, sinLat, cosLat] = [Math.sin(lon), Math.cos(lon), Math.sin(lat), Math.cos(lat)];
  const radius = a / Math.sqrt(1 - e2 * sinLat * sinLat);
  const origin = [
    (radius + height) * cosLat * cosLon,
    (radius + height) * cosLat * sinLon,
    (radius * (1 - e2) + height) * sinLat,
  ];
  const east = [-sinLon, cosLon, 0];
  const north = [-sinLat * cosLon, -sinLat * sinLon, cosLat];
  const up = [cosLat * cosLon, cosLat * sinLon, sinLat];
  return [...east, 0, ...north, 0, ...up, 0, ...origin, 1];
}

/** The 3D Tiles 1.1 tileset: one tile whose content is the box (box.glb), placed by root.transform. */
export function tileset() {
  const { centre, size } = mapFixtures.tiles3d;
  return {
    asset: { version: '1.1' },
    // Large: Cesium skips a whole tileset whose own error would show as less than 16 px (from 350 km, 1 km would).
    geometricError: 1_000_000,
    root: {
      transform: eastNorthUpToFixedFrame(centre.longitude, centre.latitude),
      // In the tile's frame (z up, after glTF's y-up is turned): the box stands on the ground.
      boundingVolume: {
        box: [0, 0, size.up / 2, size.east / 2, 0, 0, 0, size.north / 2, 0, 0, 0, size.up / 2],
      },
      geometricError: 0,
      refine: 'ADD',
      content: { uri: 'box.glb' },
    },
  };
}

let boxGlb: Promise<Uint8Array> | undefined;

/**
 * The box as binary glTF, written with @gltf-transform/core: 24 vertices (flat normals per
 * face), black base colour and an emissive colour, so it looks the same whatever the light.
 * glTF is y up: x east, y up, z south.
 */
export function box(): Promise<Uint8Array> {
  boxGlb ??= (async () => {
    const { size, colour } = mapFixtures.tiles3d;
    const [hx, hz, h] = [size.east / 2, size.north / 2, size.up];
    const faces: { normal: number[]; corners: number[][] }[] = [
      {
        normal: [0, 1, 0],
        corners: [
          [-hx, h, hz],
          [hx, h, hz],
          [hx, h, -hz],
          [-hx, h, -hz],
        ],
      },
      {
        normal: [0, -1, 0],
        corners: [
          [-hx, 0, -hz],
          [hx, 0, -hz],
          [hx, 0, hz],
          [-hx, 0, hz],
        ],
      },
      {
        normal: [1, 0, 0],
        corners: [
          [hx, 0, hz],
          [hx, 0, -hz],
          [hx, h, -hz],
          [hx, h, hz],
        ],
      },
      {
        normal: [-1, 0, 0],
        corners: [
          [-hx, 0, -hz],
          [-hx, 0, hz],
          [-hx, h, hz],
          [-hx, h, -hz],
        ],
      },
      {
        normal: [0, 0, 1],
        corners: [
          [-hx, 0, hz],
          [hx, 0, hz],
          [hx, h, hz],
          [-hx, h, hz],
        ],
      },
      {
        normal: [0, 0, -1],
        corners: [
          [hx, 0, -hz],
          [-hx, 0, -hz],
          [-hx, h, -hz],
          [hx, h, -hz],
        ],
      },
    ];
    const positions = new Float32Array(faces.flatMap((f) => f.corners.flat()));
    const normals = new Float32Array(faces.flatMap((f) => [f.normal, f.normal, f.normal, f.normal].flat()));
    const indices = new Uint16Array(faces.flatMap((_, i) => [0, 1, 2, 0, 2, 3].map((k) => i * 4 + k)));

    const document = new Document();
    const buffer = document.createBuffer();
    const material = document
      .createMaterial('glow')
      .setBaseColorFactor([0, 0, 0, 1])
      .setMetallicFactor(0)
      .setRoughnessFactor(1)
      .setDoubleSided(true)
      .setEmissiveFactor([colour[0] / 255, colour[1] / 255, colour[2] / 255]);
    const primitive = document
      .createPrimitive()
      .setAttribute(
        'POSITION',
        document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer),
      )
      .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(normals).setBuffer(buffer))
      .setIndices(document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
      .setMaterial(material);
    const mesh = document.createMesh('box').addPrimitive(primitive);
    const node = document.createNode('box').setMesh(mesh);
    document.createScene('scene').addChild(node);
    return new NodeIO().writeBinary(document);
  })();
  return boxGlb;
}
