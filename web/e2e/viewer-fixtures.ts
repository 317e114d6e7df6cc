import { expect, type Page } from '@playwright/test';
import type { ApiSession, CreatedAccount } from './accounts';
import type { Extent } from './map-service-fixtures';

/** The fake portal's origin (e2e/fake-arcgis-portal.ts), which the server's CSP admits on the map routes. */
export const fixtureOrigin = () => `http://127.0.0.1:${process.env.E2E_PORTAL_PORT}`;

const auth = (session: ApiSession) => ({ Authorization: `Token ${session.token}` });

/** POSTs JSON as the session's user and expects 201: what the API created. */
async function created<T = { id: number }>(session: ApiSession, path: string, data: object): Promise<T> {
  const response = await session.request.post(path, { headers: auth(session), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

export const createXyzSource = (session: ApiSession, account: CreatedAccount, name: string, url: string) =>
  createSource(session, account, name, 3, { url });

/** A data source of any type (1 WMS, 2 WMTS, 3 XYZ, 4 3D Tiles, 5 GeoJSON, 6 ArcGIS MapServer, …). */
export async function createSource(
  session: ApiSession,
  account: CreatedAccount,
  name: string,
  type: number,
  config: Record<string, unknown>,
) {
  return created(session, '/api/datasources', { name, type, account: account.id, config });
}

/** Uploads a GeoJSON file (POST /api/datasources/upload, multipart), which becomes a geojson source. */
export async function uploadGeojson(
  session: ApiSession,
  account: CreatedAccount,
  name: string,
  geojson: object,
) {
  const response = await session.request.post('/api/datasources/upload', {
    headers: auth(session),
    multipart: {
      name,
      account: String(account.id),
      file: {
        name: 'rectangle.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(JSON.stringify(geojson)),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; config: Record<string, unknown> };
}

export async function createUserGroup(session: ApiSession, account: CreatedAccount, name: string) {
  return created(session, '/api/userGroup', { name, account: account.id });
}

export async function createLayer(
  session: ApiSession,
  workspace: number,
  name: string,
  dataSource: number,
  options: { visible?: boolean; user_groups?: number[] } = {},
) {
  return created(session, '/api/layers', {
    workspace,
    name,
    data_source: dataSource,
    visible: true,
    ...options,
  });
}

export async function createShareLink(session: ApiSession, workspace: number) {
  return created<{ token: string }>(session, `/api/workspaces/${workspace}/share`, { label: 'e2e' });
}

type ViewerHook = {
  engine: { getCamera(): Record<string, number> };
  waitForIdle(timeoutMs?: number): Promise<void>;
  toScreen(longitude: number, latitude: number, height?: number): { x: number; y: number } | undefined;
};

/** Waits until the map exists (?e2e hook) and has drawn everything it loads. */
export async function waitForMapIdle(page: Page, timeout = 120_000) {
  await page.waitForFunction(() => Boolean((window as unknown as { __viewer?: ViewerHook }).__viewer), null, {
    timeout,
  });
  await page.evaluate(
    (ms) => (window as unknown as { __viewer: ViewerHook }).__viewer.waitForIdle(ms),
    timeout,
  );
}

export const mapCamera = (page: Page) =>
  page.evaluate(() => (window as unknown as { __viewer: ViewerHook }).__viewer.engine.getCamera());

/**
 * The share of the map canvas' pixels close to `colour` (the drawing buffer is kept
 * readable with ?e2e): read in the page, so no PNG decoder is needed here.
 */
export function colourShare(page: Page, colour: readonly [number, number, number]) {
  return page.evaluate(
    (target) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.cesium-widget canvas');
      if (!canvas) throw new Error('No map canvas');
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d');
      if (!context) throw new Error('No 2D context');
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      let close = 0;
      for (let i = 0; i < data.length; i += 4) {
        const d =
          Math.abs((data[i] ?? 0) - target[0]) +
          Math.abs((data[i + 1] ?? 0) - target[1]) +
          Math.abs((data[i + 2] ?? 0) - target[2]);
        if (d < 60) close += 1;
      }
      return close / (data.length / 4);
    },
    colour as [number, number, number],
  );
}

/** A rectangle of the map canvas, in its drawing buffer's pixels. */
export type ScreenBox = { x0: number; y0: number; x1: number; y1: number };

/**
 * Where an extent shows on the canvas: the box around its corners projected at each of
 * `heights` (metres), in the drawing buffer's pixels. Every corner must be in view.
 */
export function screenBox(page: Page, extent: Extent, heights: readonly number[] = [0]): Promise<ScreenBox> {
  return page.evaluate(
    ({ extent: [w, s, e, n], heights }) => {
      const hook = (window as unknown as { __viewer: ViewerHook }).__viewer;
      const canvas = document.querySelector<HTMLCanvasElement>('.cesium-widget canvas');
      if (!canvas) throw new Error('No map canvas');
      const scale = canvas.width / canvas.clientWidth;
      const points = heights.flatMap((h) =>
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
        ].map(([lon = 0, lat = 0]) => {
          const point = hook.toScreen(lon, lat, h);
          if (!point) throw new Error(`${lon}, ${lat} is not in view`);
          return { x: point.x * scale, y: point.y * scale };
        }),
      );
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    },
    { extent: [...extent] as [number, number, number, number], heights: [...heights] },
  );
}

/** Keeps a copy of the map canvas' pixels in the page under `name`, for `pixelStats`. */
export function snapshot(page: Page, name: string) {
  return page.evaluate((key) => {
    const canvas = document.querySelector<HTMLCanvasElement>('.cesium-widget canvas');
    if (!canvas) throw new Error('No map canvas');
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    if (!context) throw new Error('No 2D context');
    context.drawImage(canvas, 0, 0);
    const store = window as unknown as { __snapshots?: Record<string, ImageData> };
    store.__snapshots ??= {};
    store.__snapshots[key] = context.getImageData(0, 0, copy.width, copy.height);
  }, name);
}

export type RegionStats = {
  pixels: number;
  /** Share of the pixels that differ from the reference snapshot (summed channel difference > 30). */
  changed: number;
  /** Share of the pixels close to the colour asked for. */
  colour: number;
};

/**
 * Compares two snapshots in two regions: `inside`, the boxes shrunk by `margin` pixels
 * (surely covered by the layer), and outside, everything beyond the boxes grown by `margin`
 * (surely not): the edges, where the map blends the layer with what lies below, count in neither.
 */
export function pixelStats(
  page: Page,
  options: {
    snapshot: string;
    reference: string;
    boxes: readonly ScreenBox[];
    colour?: readonly [number, number, number];
    /** How far (summed over the channels) a pixel may be from `colour`; default 60. */
    tolerance?: number;
    margin?: number;
  },
): Promise<{ inside: RegionStats; outside: RegionStats }> {
  return page.evaluate(
    ({ snapshot, reference, boxes, colour, tolerance, margin }) => {
      const store = (window as unknown as { __snapshots: Record<string, ImageData> }).__snapshots;
      const a = store[snapshot];
      const b = store[reference];
      if (!a || !b || a.width !== b.width || a.height !== b.height) throw new Error('No such snapshots');
      // Each pixel's region: 1 inside, 2 outside, 0 the edges in between.
      const region = new Uint8Array(a.width * a.height).fill(2);
      const mark = (grow: number, value: number) => {
        for (const box of boxes) {
          const x0 = Math.max(0, Math.ceil(box.x0 - grow - 0.5));
          const x1 = Math.min(a.width - 1, Math.floor(box.x1 + grow - 0.5));
          const y0 = Math.max(0, Math.ceil(box.y0 - grow - 0.5));
          const y1 = Math.min(a.height - 1, Math.floor(box.y1 + grow - 0.5));
          for (let y = y0; y <= y1; y++) region.fill(value, y * a.width + x0, y * a.width + x1 + 1);
        }
      };
      mark(margin, 0);
      mark(-margin, 1);
      const inside = { pixels: 0, changed: 0, colour: 0 };
      const outside = { pixels: 0, changed: 0, colour: 0 };
      for (let p = 0; p < region.length; p++) {
        const target = region[p] === 1 ? inside : region[p] === 2 ? outside : undefined;
        if (!target) continue;
        const i = p * 4;
        let difference = 0;
        for (let c = 0; c < 3; c++) difference += Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0));
        target.pixels += 1;
        if (difference > 30) target.changed += 1;
        if (
          colour &&
          Math.abs((a.data[i] ?? 0) - colour[0]) +
            Math.abs((a.data[i + 1] ?? 0) - colour[1]) +
            Math.abs((a.data[i + 2] ?? 0) - colour[2]) <
            tolerance
        )
          target.colour += 1;
      }
      const share = (r: { pixels: number; changed: number; colour: number }) => ({
        pixels: r.pixels,
        changed: r.changed / Math.max(1, r.pixels),
        colour: r.colour / Math.max(1, r.pixels),
      });
      return { inside: share(inside), outside: share(outside) };
    },
    {
      snapshot: options.snapshot,
      reference: options.reference,
      boxes: [...options.boxes],
      colour: options.colour ? ([...options.colour] as [number, number, number]) : null,
      tolerance: options.tolerance ?? 60,
      margin: options.margin ?? 4,
    },
  );
}
