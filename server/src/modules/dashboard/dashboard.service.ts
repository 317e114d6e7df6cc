import {
  type DashboardCheck,
  type DashboardFrameReason,
  dashboardOrigin,
  readWorkspacePlugins,
} from '@geows/contract';
import type { ExpensiveCalls } from '../../lib/expensive-calls.js';
import { type ResponseHeaders, UrlFetchError, type UrlFetcher } from '../../lib/url-fetch/index.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { cachedLoader, LruCache } from '../elevation/lru-cache.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { type FrameHeaders, framingVerdict } from './frame-policy.js';

/** What a dashboard's address answered: its framing headers, or why there was no answer. */
type Answer = { kind: 'headers'; headers: FrameHeaders } | { kind: 'unknown'; reason: DashboardFrameReason };

/** Shorter than the panel's own wait for the frame (8 s), so the answer comes first. */
export const dashboardCheckTimeoutMs = 4000;

/** A dashboard's headers rarely change: minutes keep an open-close-open of the panel to one request. */
const cacheLimits = { maxEntries: 500, maxBytes: 2 * 1024 * 1024, ttlMs: 5 * 60_000 };

const headerList = (value: ResponseHeaders[string]): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function reasonOf(error: UrlFetchError): DashboardFrameReason {
  if (error.kind === 'timeout') return 'timeout';
  if (error.kind === 'refused') return 'refused';
  return 'unreachable';
}

/**
 * Whether a workspace's dashboard shows in a frame of this site. Browsers fire a refused
 * frame's `load` like any other, so the page cannot tell; this server asks the
 * dashboard's address (its stored `bi.url`, never one from the request) through the
 * SSRF-safe fetcher, without credentials, and reads only the headers.
 */
export function createDashboardService(deps: {
  workspaces: WorkspacesService;
  fetcher: UrlFetcher;
  calls: ExpensiveCalls;
}) {
  const cache = new LruCache<Answer>(cacheLimits, (answer) => JSON.stringify(answer).length);
  const load = cachedLoader(cache);

  async function ask(url: string): Promise<Answer> {
    try {
      const answer = await deps.fetcher.stream(url, {
        timeoutMs: dashboardCheckTimeoutMs,
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      // The page itself is not wanted: closing beats reading an unknown amount.
      answer.body.destroy();
      return {
        kind: 'headers',
        headers: {
          url: answer.url,
          xFrameOptions: headerList(answer.headers['x-frame-options']),
          contentSecurityPolicy: headerList(answer.headers['content-security-policy']),
        },
      };
    } catch (error) {
      if (error instanceof UrlFetchError) return { kind: 'unknown', reason: reasonOf(error) };
      throw error;
    }
  }

  return {
    /**
     * With a share link's token (no login), or by login with view rights: 404 for
     * strangers. `site`: the origin the caller reached this server on, which is the
     * framing page's. Only a request that reaches the dashboard counts as an expensive
     * call (per reader, per account, in all; 429 beyond); a cached answer does not.
     */
    async check(
      caller: () => Promise<AuthedUser>,
      id: number,
      { token, address, site }: { token: string | undefined; address: string; site: string },
    ): Promise<DashboardCheck> {
      const { workspace, reader } = await deps.workspaces.viewerOf(caller, id, { token, address });
      const { url } = readWorkspacePlugins(workspace.workspacePlugins).bi;
      if (url === '') return { url, frameable: null, reason: 'no-dashboard' };
      // Stored by other means than the API, an address may be one the API would refuse.
      if (dashboardOrigin(url) === undefined) return { url, frameable: null, reason: 'refused' };
      const answer =
        cache.get(url) ??
        (await deps.calls.run({ user: reader, account: workspace.accountId }, () =>
          load(url, () => ask(url)),
        ));
      if (answer.kind === 'unknown') return { url, frameable: null, reason: answer.reason };
      return { url, ...framingVerdict(answer.headers, site) };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
