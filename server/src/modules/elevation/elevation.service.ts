import {
  datasourceTypeById,
  type ElevationProfileResult,
  elevationDatasourceTypeKeys,
  geotiffConfig,
  type ProfileResponse,
  profileStatsOf,
  readWorkspacePlugins,
  wcsConfig,
} from '@geows/contract';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/errors.js';
import type { ExpensiveCalls } from '../../lib/expensive-calls.js';
import type { UrlFetcher } from '../../lib/url-fetch/index.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { findDatasources } from '../datasources/datasources.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createGeotiffSource } from './geotiff-source.js';
import { sampleLine } from './profile-line.js';
import { failureReason } from './source-error.js';
import { createWcsClient } from './wcs-client.js';
import { createWindowCache } from './window-cache.js';

/** Where a profile's heights come from: the server samples these; `cesium-terrain` is the viewer's. */
type HeightSource = { kind: 'wcs'; url: string; coverage: string } | { kind: 'geotiff'; url: string };

type Profile = { title: string; color: string; source: HeightSource };

const elevationKeys: readonly string[] = elevationDatasourceTypeKeys;

/**
 * Elevation profiles (RUNTIME.md, "Workspace tools", Profiles): the line sampled on the
 * ellipsoid, then the heights of each profile the workspace's `elevation` plugin names, in
 * its order.
 */
export function createElevationService(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  deps: { workspaces: WorkspacesService; fetcher: UrlFetcher; calls: ExpensiveCalls },
) {
  // One budget of memory for the decoded windows of every source.
  const windows = createWindowCache(config.elevationCacheBytes);
  const wcs = createWcsClient({ fetcher: deps.fetcher, windows });
  const geotiff = createGeotiffSource({ fetcher: deps.fetcher, windows });
  const builtIn: HeightSource = { kind: 'wcs', ...config.elevationWcs };

  /**
   * The profiles the server samples, in order: the built-in ground model for a null
   * source; a `wcs` or `geotiff` source of the workspace's account; nothing for a
   * `cesium-terrain` source (the viewer samples those), nor for an id that is not an
   * elevation source of the account (gone since, or never one).
   */
  async function profilesOf(workspace: { accountId: number; workspacePlugins: unknown }): Promise<Profile[]> {
    const { profiles } = readWorkspacePlugins(workspace.workspacePlugins).elevation;
    const ids = [...new Set(profiles.flatMap((profile) => profile.datasource ?? []))];
    const sources = new Map((await findDatasources(db, ids)).map((row) => [row.id, row]));
    return profiles.flatMap((profile): Profile[] => {
      const { title, color } = profile;
      if (profile.datasource === null) return [{ title, color, source: builtIn }];
      const row = sources.get(profile.datasource);
      const key = row?.typeId == null ? undefined : datasourceTypeById(row.typeId)?.key;
      if (!row || row.accountId !== workspace.accountId || !key || !elevationKeys.includes(key)) return [];
      if (key === 'wcs') {
        const parsed = wcsConfig.safeParse(row.config);
        return parsed.success ? [{ title, color, source: { kind: 'wcs', ...parsed.data } }] : [];
      }
      if (key === 'geotiff') {
        const parsed = geotiffConfig.safeParse(row.config);
        return parsed.success ? [{ title, color, source: { kind: 'geotiff', url: parsed.data.url } }] : [];
      }
      return [];
    });
  }

  async function heightsOf(source: HeightSource, points: [number, number][]) {
    return source.kind === 'wcs'
      ? wcs.heights(source.url, source.coverage, points)
      : geotiff.heights(source.url, points);
  }

  async function sample(
    workspace: { accountId: number; workspacePlugins: unknown },
    input: { line: [number, number][]; samples: number },
  ): Promise<ProfileResponse> {
    const profiles = await profilesOf(workspace);
    const { length, points } = sampleLine(input.line, input.samples);
    const lonLats = points.map((point): [number, number] => [point.longitude, point.latitude]);
    const results: ElevationProfileResult[] = [];
    // One profile after the other: a profile's windows are fetched several at a time already.
    for (const { title, color, source } of profiles) {
      let heights: (number | null)[];
      try {
        heights = await heightsOf(source, lonLats);
      } catch (error) {
        throw new HttpError(502, 'Bad gateway', {
          detail: `The elevation service of the profile "${title}" failed: ${failureReason(error)}`,
        });
      }
      results.push({ title, color, heights, stats: profileStatsOf(heights) });
    }
    return { length, points, profiles: results };
  }

  return {
    /**
     * With a share link's token (view rights, no login), or by login with view rights: 404
     * for strangers. `address`: the client's, which tells a public link's readers apart.
     * Profiles fetch from elevation services: limited in flight per reader, per account
     * and in all (429 beyond).
     */
    async profile(
      caller: () => Promise<AuthedUser>,
      id: number,
      { token, address }: { token: string | undefined; address: string },
      input: { line: [number, number][]; samples: number },
    ): Promise<ProfileResponse> {
      const { workspace, reader } = await deps.workspaces.viewerOf(caller, id, { token, address });
      return deps.calls.run({ user: reader, account: workspace.accountId }, () => sample(workspace, input));
    },
  };
}
export type ElevationService = ReturnType<typeof createElevationService>;
