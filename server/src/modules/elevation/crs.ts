import proj4 from 'proj4';

/**
 * The coordinate reference systems elevation sources may use, by EPSG code, as proj4
 * definitions. Another CRS is an error of the profile (502): guessing a definition would
 * give heights at the wrong place.
 */
const definitions: Record<string, string> = {
  'EPSG:4326': '+proj=longlat +datum=WGS84 +no_defs',
  'EPSG:3857':
    '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs',
  // RD New (Amersfoort), the grid of PDOK's AHN.
  'EPSG:28992':
    '+proj=sterea +lat_0=52.15616055555555 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 +ellps=bessel +towgs84=565.417,50.3319,465.552,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs',
};

export class UnknownCrsError extends Error {}

/** The proj4 definition of `code` (`EPSG:28992`), if it is one of the above. */
export const crsDefinition = (code: string): string | undefined => definitions[code];

/**
 * `EPSG:28992` for the ways OGC services write a CRS: `EPSG:28992`,
 * `http://www.opengis.net/def/crs/EPSG/0/28992`, `urn:ogc:def:crs:EPSG::28992`,
 * `…/epsg.xml#28992`; OGC's CRS84 (longitude first) is EPSG:4326 here, as proj4 keeps
 * longitude first anyway. Undefined for anything else.
 */
export function epsgCode(srsName: string | undefined): string | undefined {
  if (!srsName) return undefined;
  const name = srsName.trim();
  if (/CRS:?84$/i.test(name)) return 'EPSG:4326';
  const match =
    /^EPSG:(\d{4,6})$/i.exec(name) ??
    /\/def\/crs\/EPSG\/[^/]+\/(\d{4,6})$/i.exec(name) ??
    /^urn:ogc:def:crs:EPSG:[^:]*:(\d{4,6})$/i.exec(name) ??
    /epsg\.xml#(\d{4,6})$/i.exec(name);
  return match ? `EPSG:${match[1]}` : undefined;
}

/** From [longitude, latitude] (WGS84) to [easting, northing] in `code`; throws UnknownCrsError for a CRS not above. */
export function projectionTo(
  code: string | undefined,
): (longitude: number, latitude: number) => [number, number] {
  const definition = code ? definitions[code] : undefined;
  if (!code || !definition)
    throw new UnknownCrsError(`its coordinate reference system ${code ?? '(none)'} is not supported`);
  const converter = proj4(definitions['EPSG:4326'] as string, definition);
  return (longitude, latitude) => {
    const [x, y] = converter.forward([longitude, latitude]);
    return [x as number, y as number];
  };
}
