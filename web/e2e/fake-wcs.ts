import { startWcsServer } from '../../server/src/test/wcs-fixture';

/**
 * A WCS 2.0.1 ground model on loopback, standing in for PDOK's AHN (the server's built-in
 * profile, ELEVATION_WCS_URL): the API tests' fake WCS (server/src/test/wcs-fixture.ts)
 * serving coverage `dtm_05m` in EPSG:28992 (RD New) around Amersfoort, whose height is
 * known by formula, so a profile's figures can be checked.
 */
export const fakeWcsCoverage = 'dtm_05m';

/** RD New metres, 1 m pixels: x 150,000–170,000, y 455,000–470,000 (about 5.32–5.61° E, 52.08–52.22° N). */
const grid = { x0: 150_000, x1: 170_000, y0: 455_000, y1: 470_000 } as const;

/** One metre up per 100 m eastwards: a line drawn west to east climbs at 1 %, and never falls. */
export const fakeHeight = (x: number) => (x - grid.x0) / 100;

/** Serves the WCS at `http://127.0.0.1:{port}/wcs`; answers a stop function. */
export async function startFakeWcs(port: number): Promise<() => Promise<void>> {
  const wcs = await startWcsServer({
    port,
    path: '/wcs',
    coverages: { [fakeWcsCoverage]: { ...grid, heightAt: fakeHeight } },
  });
  return wcs.close;
}
