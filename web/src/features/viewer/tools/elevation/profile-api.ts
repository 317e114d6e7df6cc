import { type ElevationProfile, elevationApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../api/client';

export type LonLat = [longitude: number, latitude: number];

/**
 * `POST /api/workspaces/{id}/profile`: the points along the line and the heights of each
 * profile the server samples; `?token=` on the share page.
 */
export const getProfile = (
  workspace: number,
  token: string | undefined,
  line: readonly LonLat[],
  signal?: AbortSignal,
) =>
  callApi(elevationApi.profile, {
    params: { id: workspace },
    query: token ? { token } : {},
    body: { line: line.map(([lon, lat]) => [lon, lat]) },
    signal,
  });

/**
 * The answer depends on the profiles configured as much as on the line: a profile edited
 * (another source, title or colour) is another question, not a fresh answer.
 */
export const profileQueryOptions = (
  workspace: number,
  token: string | undefined,
  profiles: readonly ElevationProfile[],
  line: readonly LonLat[],
) =>
  queryOptions({
    queryKey: ['elevation', 'profile', workspace, token ?? null, profiles, line] as const,
    queryFn: ({ signal }) => getProfile(workspace, token, line, signal),
    // The ground does not change while one looks at it; a failing service is not asked again at once.
    staleTime: 5 * 60_000,
    retry: false,
  });
