import { z } from 'zod';
import { idParam } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Why a dashboard may or may not show in a frame of this site (`GET
 * /api/workspaces/{id}/dashboard`): a browser that is refused by `X-Frame-Options` or CSP
 * `frame-ancestors` still fires the frame's `load`, so the page cannot see it for itself.
 */
export const dashboardFrameReasons = [
  /** `X-Frame-Options` DENY or SAMEORIGIN (the dashboard is always another origin). */
  'x-frame-options',
  /** A `Content-Security-Policy` whose `frame-ancestors` does not admit this site. */
  'frame-ancestors',
  /** The workspace has no dashboard (`bi.url` is ""). */
  'no-dashboard',
  /** The address is not one this server may fetch (not http(s), or a private address). */
  'refused',
  /** The dashboard's server could not be reached. */
  'unreachable',
  /** The dashboard's server did not answer in time. */
  'timeout',
] as const;
export const dashboardFrameReason = z.enum(dashboardFrameReasons);
export type DashboardFrameReason = z.infer<typeof dashboardFrameReason>;

/** Without a login: a live share link's token of the workspace. */
export const dashboardCheckQuery = z.object({ token: z.string().max(200).optional() });

/**
 * `frameable`: true when the dashboard's answer lets this site frame it, false when it
 * refuses (`reason` says how), null when the server could not tell (`reason` says why).
 */
export const dashboardCheck = z.object({
  url: z.string(),
  frameable: z.boolean().nullable(),
  reason: dashboardFrameReason.optional(),
});
export type DashboardCheck = z.infer<typeof dashboardCheck>;

const tag = 'workspaces';
export const dashboardApi = {
  check: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/dashboard',
    auth: 'optional',
    access: 'workspace-viewer',
    status: 200,
    tag,
    summary:
      "Whether the workspace's dashboard (bi.url) lets this site show it in a frame, from its X-Frame-Options and CSP frame-ancestors headers (null: could not tell); with a login and view rights, or ?token= a share link's token",
    params: idParam,
    query: dashboardCheckQuery,
    response: dashboardCheck,
  }),
};
