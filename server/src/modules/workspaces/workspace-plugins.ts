import {
  dashboardOrigin,
  MAX_ID,
  pluginIssueMessage,
  readWorkspacePlugins,
  workspacePluginsSchema,
} from '@geows/contract';
import { type Config, listeningOrigin } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sha256 } from '../../lib/crypto.js';
import { listSites } from '../sites/sites.repository.js';
import * as repo from './workspaces.repository.js';

/**
 * What the contract cannot check in a workspace's plugins (packages/contract/src/
 * workspace-plugins.ts checks their shapes): that the layers they name are the
 * workspace's, that an elevation profile's source is an elevation source of its
 * account, and that the dashboard is not on this site's own origin. Also the dashboard
 * origin a map page may frame (its CSP, server/src/web-app.ts).
 */

/** Where a write came from: the browser's `Origin`, and the address it reached this server on. */
export type RequestOrigins = { origin?: string | undefined; self?: string | undefined };

const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * What makes two addresses the same site here: the host name without `www.` (this server
 * redirects www. to the bare host) and the port, whatever the scheme (http is commonly
 * redirected to https); none for what is no http(s) address.
 */
function siteKeys(address: string | undefined): string[] {
  if (!address) return [];
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  // A browser on 127.0.0.1 may also call this server localhost.
  const hosts = loopbackNames.includes(host) ? loopbackNames : [host];
  return hosts.map((name) => `${name}:${url.port}`);
}

export function createPluginChecks({
  db,
  config,
}: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>;
}) {
  /**
   * Whether `url` is on this product's own origin: the request's (its `Origin`, the
   * address it came in on), the server's listening origin, `PUBLIC_URL`, or any site in
   * the sites table. A dashboard there would be a page of this site in a frame, with
   * its rights.
   */
  async function isOwnOrigin(url: string, request: RequestOrigins): Promise<boolean> {
    const [key] = siteKeys(url);
    if (!key) return false;
    const own = [request.origin, request.self, config.publicUrl, listeningOrigin(config)];
    if (own.some((origin) => siteKeys(origin).includes(key))) return true;
    return (await listSites(db)).some((site) => siteKeys(site.origin).includes(key));
  }

  return {
    /**
     * The messages for what `plugins` (a JSON object, its shapes already checked by the
     * contract) names that the workspace may not use; [] when all is well. An id that is
     * missing gets the same message as one of another workspace or account.
     *
     * Ids the workspace's stored plugins hold already pass: they were checked when they
     * came in (or came with a clone), and a layer or source deleted since must not make
     * every later save of the settings fail. Readers skip what no longer exists.
     */
    async check(
      workspace: { id: number; accountId: number; workspacePlugins: unknown },
      plugins: unknown,
      request: RequestOrigins = {},
    ): Promise<string[]> {
      const parsed = workspacePluginsSchema.safeParse(plugins);
      if (!parsed.success) return parsed.error.issues.map(pluginIssueMessage);
      const { splitPanel, elevation, bi, views } = parsed.data;
      const stored = readWorkspacePlugins(workspace.workspacePlugins);
      const messages: string[] = [];

      const layerLists = [
        ...(splitPanel
          ? [
              { key: 'splitPanel.left', ids: splitPanel.left },
              { key: 'splitPanel.right', ids: splitPanel.right },
            ]
          : []),
        ...(views ?? []).map((view, index) => ({ key: `views[${index}].visible`, ids: view.visible })),
      ];
      const storedLayers = [
        ...stored.splitPanel.left,
        ...stored.splitPanel.right,
        ...stored.views.flatMap((view) => view.visible),
      ];
      const layers = new Set(storedLayers);
      const named = [...new Set(layerLists.flatMap((list) => list.ids))].filter((id) => !layers.has(id));
      for (const id of await repo.layerIdsOfWorkspace(db, workspace.id, named)) layers.add(id);
      for (const { key, ids } of layerLists) {
        const foreign = ids.find((id) => !layers.has(id));
        if (foreign !== undefined)
          messages.push(`${key} must hold layers of this workspace: ${foreign} is not one.`);
      }

      const profiles = elevation?.profiles ?? [];
      const sources = new Set(stored.elevation.profiles.flatMap((profile) => profile.datasource ?? []));
      const sourceIds = [...new Set(profiles.flatMap((profile) => profile.datasource ?? []))].filter(
        (id) => !sources.has(id),
      );
      for (const id of await repo.elevationSourceIdsOfAccount(db, workspace.accountId, sourceIds))
        sources.add(id);
      profiles.forEach((profile, index) => {
        if (profile.datasource !== null && !sources.has(profile.datasource))
          messages.push(
            `elevation.profiles[${index}].datasource must be an elevation data source (WCS, GeoTIFF or Cesium terrain) of this workspace's account: ${profile.datasource} is not one.`,
          );
      });

      if (bi?.url && (await isOwnOrigin(bi.url, request)))
        messages.push(
          "bi.url must not be on this site's own origin: the dashboard must come from another site.",
        );
      return messages.slice(0, 10);
    },
  };
}
export type PluginChecks = ReturnType<typeof createPluginChecks>;

/** `/workspace/view/{id}`, `/workspace/share/{id}/{token}` and the editor `/workspace/{id}`. */
const mapPage = /^\/workspace\/(?:view\/(\d{1,10})|share\/(\d{1,10})\/([^/]{1,600})|(\d{1,10}))\/?$/;

/**
 * The origin the map page at `pathname` may show in its dashboard frame: the origin of
 * the workspace's `bi.url`, or undefined (no such page, no such workspace, no dashboard).
 * The page is sent before the app knows who asks, so the editor and view pages look the
 * workspace up by id (a dashboard's origin is no secret); the share page only through a
 * live share link.
 */
export async function dashboardOriginForPage(db: Db, pathname: string): Promise<string | undefined> {
  const match = mapPage.exec(pathname);
  if (!match) return undefined;
  const [, viewId, shareId, encodedToken, editorId] = match;
  const id = Number(viewId ?? shareId ?? editorId);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return undefined;
  let tokenHash: string | undefined;
  if (shareId !== undefined) {
    let token: string;
    try {
      token = decodeURIComponent(encodedToken ?? '');
    } catch {
      return undefined;
    }
    if (!token || token.length > 200) return undefined;
    tokenHash = sha256(token);
  }
  const url = await repo.findDashboardUrl(db, id, tokenHash);
  return url ? dashboardOrigin(url) : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A clone's plugins: the layer ids they name (`splitPanel.left` and `.right`, each
 * view's `visible`) replaced by those of the copied layers, an id without a copy (a
 * layer deleted since) left out; every other key and value as stored. Without this the
 * copy's compare and views would point at the original's layers.
 */
export function remapPluginLayers(
  plugins: Record<string, unknown>,
  copies: ReadonlyMap<number, number>,
): Record<string, unknown> {
  const remap = (ids: unknown) =>
    Array.isArray(ids) ? ids.flatMap((id) => (typeof id === 'number' ? (copies.get(id) ?? []) : [])) : ids;
  const { splitPanel, views } = plugins;
  return {
    ...plugins,
    ...(isObject(splitPanel) && {
      splitPanel: {
        ...splitPanel,
        ...('left' in splitPanel && { left: remap(splitPanel.left) }),
        ...('right' in splitPanel && { right: remap(splitPanel.right) }),
      },
    }),
    ...(Array.isArray(views) && {
      views: views.map((view) =>
        isObject(view) && 'visible' in view ? { ...view, visible: remap(view.visible) } : view,
      ),
    }),
  };
}
