import { type Site, sitesApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/sites?site=<origin>`: this origin's branding; asked without the auth header. */
export async function getSite(origin: string, signal?: AbortSignal): Promise<Site | null> {
  const page = await callApi(sitesApi.get, { query: { site: origin }, signal });
  return page.results[0] ?? null;
}

export const siteQueryOptions = (origin: string) =>
  queryOptions({
    queryKey: ['sites', origin],
    queryFn: ({ signal }) => getSite(origin, signal),
    // Branding does not change during a visit.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSite = (origin: string = window.location.origin) => useQuery(siteQueryOptions(origin));
