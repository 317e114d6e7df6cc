import { listeningOrigin } from '../config.js';
import type { AppContext } from '../context.js';
import { findDefaultSite, findSiteByOrigin } from '../modules/sites/sites.repository.js';
import { normaliseOrigin } from '../modules/sites/sites.service.js';

/**
 * The origin that e-mailed links are built on. A client-supplied origin is used only
 * when it is known — a site in the sites table, the server's own listening origin, or
 * PUBLIC_URL — so nobody can make the server mail a reset link pointing elsewhere.
 */
export async function linkOrigin(
  ctx: Pick<AppContext, 'db' | 'config'>,
  candidate?: string,
): Promise<string> {
  const origin = normaliseOrigin(candidate);
  if (origin) {
    const own = new URL(listeningOrigin(ctx.config));
    const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];
    const ownOrigins = loopbackNames.includes(own.hostname)
      ? loopbackNames.map((name) => `http://${name}:${own.port}`)
      : [own.origin];
    if (origin === ctx.config.publicUrl || ownOrigins.includes(origin)) return origin;
    if (await findSiteByOrigin(ctx.db, origin)) return origin;
  }
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  const site = await findDefaultSite(ctx.db);
  return site?.origin ?? listeningOrigin(ctx.config);
}
