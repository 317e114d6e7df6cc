import { expect, type Page } from '@playwright/test';
import type { ApiSession, CreatedAccount } from './accounts';

/** The fake portal's origin (e2e/fake-arcgis-portal.ts), which the server's CSP admits on the map routes. */
export const fixtureOrigin = () => `http://127.0.0.1:${process.env.E2E_PORTAL_PORT}`;

const auth = (session: ApiSession) => ({ Authorization: `Token ${session.token}` });

export async function createXyzSource(
  session: ApiSession,
  account: CreatedAccount,
  name: string,
  url: string,
) {
  const response = await session.request.post('/api/datasources', {
    headers: auth(session),
    data: { name, type: 3, account: account.id, config: { url } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

export async function createLayer(session: ApiSession, workspace: number, name: string, dataSource: number) {
  const response = await session.request.post('/api/layers', {
    headers: auth(session),
    data: { workspace, name, data_source: dataSource, visible: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

export async function createShareLink(session: ApiSession, workspace: number) {
  const response = await session.request.post(`/api/workspaces/${workspace}/share`, {
    headers: auth(session),
    data: { label: 'e2e' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { token: string };
}

type ViewerHook = {
  engine: { getCamera(): Record<string, number> };
  waitForIdle(timeoutMs?: number): Promise<void>;
};

/** Waits until the map exists (?e2e hook) and has drawn everything it loads. */
export async function waitForMapIdle(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __viewer?: ViewerHook }).__viewer), null, {
    timeout: 60_000,
  });
  await page.evaluate(() => (window as unknown as { __viewer: ViewerHook }).__viewer.waitForIdle(60_000));
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
