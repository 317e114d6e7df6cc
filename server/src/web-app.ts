import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { paths } from '@geows/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { contentSecurityPolicy } from './lib/csp.js';
import type { SitesService } from './modules/sites/sites.service.js';
import { dashboardOriginForPage } from './modules/workspaces/workspace-plugins.js';
import { prerenderedPages } from './prerendered-page.js';

/**
 * Serves the built single-page app: hashed assets cached for a year and sent precompressed, and index.html
 * (never cached) for every other GET that accepts HTML, so deep links such as
 * /workspace/view/3 load the app, which then routes on the client.
 */
export async function registerWebApp(app: FastifyInstance, ctx: AppContext, sites: SitesService) {
  const indexFile = path.join(ctx.config.webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  const prerendered = prerenderedPages(ctx.config.webDist);
  if (built) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (web/scripts/precompress.mjs); the one the browser
      // accepts is sent, with Vary: Accept-Encoding, and nothing is compressed per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn(`The web app is not built (${indexFile} is missing): run npm run build`);
  }

  return async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const site = await sites.siteFor(request.headers.origin ?? `${request.protocol}://${request.host}`);
    const pathname = request.url.split('?')[0]?.replace(/\/+$/, '');
    // The ArcGIS sign-in pop-up comes back here from the portal's origin: it must keep
    // its opener to hand over the answer, which a stricter opener policy would cut.
    if (pathname === paths.esriOAuthCallback) reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    // The 3D map's pages only: Cesium's WebAssembly, the layer servers and the workspace's dashboard.
    const map = isMapPath(pathname ?? '')
      ? {
          layerHosts: ctx.config.fetchAllowHosts,
          dashboard: await dashboardFor(ctx, request, pathname ?? ''),
        }
      : undefined;
    // The first screen drawn in HTML and CSS, in the visitor's language and layout, where there is one.
    const page = prerendered.file(
      pathname ?? '',
      request.headers['accept-language'],
      request.headers['user-agent'],
    );
    const sent = compressedCopy(page ?? indexFile, request.headers['accept-encoding']);
    if (sent.encoding) reply.header('Content-Encoding', sent.encoding);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Accept-Language, User-Agent')
      .header('Content-Security-Policy', contentSecurityPolicy(site.analytics, map))
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(sent.file));
  };
}

/**
 * The page's precompressed copy the browser accepts (web/scripts/precompress.mjs writes .br and
 * .gz beside it; a prerendered page is 70 KB, 11 KB as brotli), else the page as it is: until
 * `npm start`'s background run has made the copies, or for a client that accepts neither.
 */
export function compressedCopy(
  file: string,
  acceptEncoding = '',
): { file: string; encoding?: 'br' | 'gzip' } {
  const accepted = acceptEncoding.split(',').map((entry) => entry.trim().split(';')[0]);
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepted.includes(encoding) && fs.existsSync(file + suffix)) return { file: file + suffix, encoding };
  }
  return { file };
}

/** The origin of the map page's dashboard; a failed look-up costs the frame, never the page. */
async function dashboardFor(
  { db }: Pick<AppContext, 'db'>,
  request: FastifyRequest,
  pathname: string,
): Promise<string | undefined> {
  try {
    return await dashboardOriginForPage(db, pathname);
  } catch (error) {
    request.log.warn({ err: error }, 'The dashboard of a map page could not be looked up');
    return undefined;
  }
}

/** The routes that show the 3D map: /workspace/{id} (the editor), /workspace/view/{id} and /workspace/share/{id}/{token}. */
export const isMapPath = (pathname: string) => /^\/workspace\/((view|share)\/[^/]|\d+\/?$)/.test(pathname);

const staticFile = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|json|wasm|txt|xml|glb|b3dm)$/i;

/** A GET for a page rather than a file or an API resource. */
export function wantsAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname.startsWith('/assets/') || staticFile.test(pathname)) return false;
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}
