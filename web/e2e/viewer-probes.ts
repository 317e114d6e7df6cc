import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { type ApiSession, apiSession, createAccount, createWorkspace, uniqueName } from './accounts';
import { plausibleEndpoint } from './fixtures';
import { createActiveUser } from './identity';
import type { Rgb } from './map-service-fixtures';

/**
 * What the editor journeys of the map share (viewer-order, viewer-edits, viewer-zoom):
 * a workspace emptied of its built-in layer, layers placed where asked, a logged-in page,
 * and the colour the map shows at a point.
 */

const auth = (session: ApiSession) => ({ Authorization: `Token ${session.token}` });

/** A user, an account and an empty workspace (its built-in base layer removed). */
export async function emptyWorkspace(request: APIRequestContext, prefix: string) {
  const user = await createActiveUser(request, prefix);
  const session = await apiSession(request, user);
  const account = await createAccount(session, uniqueName(`${prefix} account`));
  const workspace = await createWorkspace(session, account, uniqueName(`${prefix} workspace`));
  const list = await session.request.get(`/api/layers?workspace=${workspace.id}`, { headers: auth(session) });
  const { results } = (await list.json()) as { results: { id: number }[] };
  for (const { id } of results) {
    const gone = await session.request.delete(`/api/layers/${id}`, { headers: auth(session) });
    expect(gone.status(), await gone.text()).toBe(204);
  }
  return { session, account, workspace };
}

/** A layer of a data source at `position` of the top level, with a template when given. */
export async function placeLayer(
  session: ApiSession,
  workspace: number,
  layer: { name: string; source: number; position: number; template?: object },
) {
  const response = await session.request.post('/api/layers', {
    headers: auth(session),
    data: {
      workspace,
      name: layer.name,
      data_source: layer.source,
      visible: true,
      position: layer.position,
      ...(layer.template ? { template: JSON.stringify(layer.template) } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** A page logged in as the session's user, with analytics answered locally. */
export async function loggedInPage(
  browser: Browser,
  session: ApiSession,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ viewport });
  await context.route(plausibleEndpoint, (route) =>
    route.fulfill({ status: 202, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' }),
  );
  await context.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, session.token);
  return { context, page: await context.newPage() };
}

/** The colour the map shows at a point, given as shares of the canvas' width and height. */
export function colourAt(page: Page, x: number, y: number): Promise<Rgb> {
  return page.evaluate(
    ([fx, fy]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.cesium-widget canvas');
      if (!canvas) throw new Error('No map canvas');
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d');
      if (!context) throw new Error('No 2D context');
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(
        Math.round(fx * canvas.width),
        Math.round(fy * canvas.height),
        1,
        1,
      );
      return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0] as const;
    },
    [x, y] as const,
  );
}

/** Whether two colours are close (summed over the channels). */
export const near = (a: Rgb, b: Rgb, tolerance = 60) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) < tolerance;

/** The names of the editor's rows, top to bottom. */
export const rowNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Layers' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('label')?.textContent ?? ''));

/** Runs an action of a row's menu in the editor. */
export async function rowAction(page: Page, layer: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${layer}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
