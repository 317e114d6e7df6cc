import type { QueryClient } from '@tanstack/react-query';
import { layerSourcesQueryOptions } from './get-layer-sources';
import { layersQueryOptions } from './get-layers';
import { viewerWorkspaceQueryOptions } from './get-workspace';

/**
 * When the last opening of a map route started its reads (Date.now()); none yet: infinitely late,
 * so that a screen shown without its route (tests) reads at mount as before.
 */
let openedAt = Number.POSITIVE_INFINITY;

const toId = (value: string | undefined) => (value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined);

/**
 * Starts the map screen's reads (the workspace, its layer tree, how to draw each layer) from the
 * route's loader, beside the guards' calls instead of after them and the screen's code: the
 * camera the map opens at comes with the workspace, so the map could only start once it was read.
 * A signed-out visit is sent to the login page by the guards and reads nothing here.
 */
export function startOpeningReads(
  queryClient: QueryClient,
  params: { id?: string; token?: string },
  signedIn: boolean,
): void {
  const id = toId(params.id);
  const token = params.token;
  if (id === undefined || (token === undefined && !signedIn)) return;
  openedAt = Date.now();
  // Failures are kept in the cache, where the screen finds and shows them as it would its own.
  void queryClient.prefetchQuery(viewerWorkspaceQueryOptions(id, token));
  void queryClient.prefetchQuery(layersQueryOptions(id, token));
  void queryClient.prefetchQuery(layerSourcesQueryOptions(id, token));
}

/**
 * The screen's `refetchOnMount`: read again at each opening of the map, unless this opening's
 * route has read it already (or is reading it: the mount then shares that request).
 */
export const readBeforeThisOpening = (query: { state: { dataUpdatedAt: number } }): boolean =>
  query.state.dataUpdatedAt < openedAt;
