import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { withOpeningReads } from '../screens';
import { workspaceWith } from '../tools/testing';
import { viewerWorkspaceQueryOptions } from './get-workspace';
import { readBeforeThisOpening, startOpeningReads } from './opening-reads';

const stubWorkspace = () =>
  stubFetch({
    '/api/workspaces/5': () => json(workspaceWith({})),
    '/api/layers': () => json(page([])),
    '/api/layers/sources': () => json({ results: [] }),
  });

const reads = (fetchMock: ReturnType<typeof stubFetch>) =>
  requestsOf(fetchMock).map(({ path, query }) => `${path}?${query}`);

/** The map screen's read of the workspace, as it mounts (use-workspace-viewer.ts). */
async function mountScreenRead(client: QueryClient, token?: string) {
  const observer = new QueryObserver(client, {
    ...viewerWorkspaceQueryOptions(5, token),
    refetchOnMount: readBeforeThisOpening,
  });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  unsubscribe();
  return observer.getCurrentResult();
}

describe("a map route's reads", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('start with the route, and the screen mounting reads the workspace no second time', async () => {
    const fetchMock = stubWorkspace();
    const client = new QueryClient();
    startOpeningReads(client, { id: '5' }, true);
    expect(reads(fetchMock)).toEqual([
      '/api/workspaces/5?',
      '/api/layers?workspace=5&page_size=1000',
      '/api/layers/sources?workspace=5',
    ]);
    // Mounted while the route's read is in flight, and again once it has answered.
    expect((await mountScreenRead(client)).data?.name).toBe('Harbour');
    await mountScreenRead(client);
    expect(reads(fetchMock).filter((read) => read.startsWith('/api/workspaces/5'))).toHaveLength(1);
  });

  it('read the workspace again at the next opening of the map', async () => {
    const fetchMock = stubWorkspace();
    const client = new QueryClient();
    startOpeningReads(client, { id: '5' }, true);
    await mountScreenRead(client);
    startOpeningReads(client, { id: '5' }, true);
    await mountScreenRead(client);
    expect(reads(fetchMock).filter((read) => read.startsWith('/api/workspaces/5'))).toHaveLength(2);
  });

  it("read with the share link's token, and not at all for a signed-out visit without one", () => {
    const fetchMock = stubWorkspace();
    const client = new QueryClient();
    startOpeningReads(client, { id: '5' }, false);
    startOpeningReads(client, { id: 'five' }, true);
    expect(reads(fetchMock)).toEqual([]);
    startOpeningReads(client, { id: '5', token: 'abc' }, false);
    expect(reads(fetchMock)).toEqual([
      '/api/workspaces/5?token=abc',
      '/api/layers?token=abc&page_size=1000',
      '/api/layers/sources?token=abc',
    ]);
  });

  it("start beside the route's own loader (the guards), whose answer is the route's", async () => {
    const fetchMock = stubWorkspace();
    const guards = vi.fn(async () => null);
    const route = withOpeningReads(new QueryClient(), { path: '/workspace/view/:id', loader: guards });
    localStorage.setItem('token', 'signed-in');
    const loader = route.loader as (args: unknown) => unknown;
    const answer = loader({ params: { id: '5' }, request: new Request('http://localhost/workspace/view/5') });
    expect(guards).toHaveBeenCalledOnce();
    expect(await answer).toBeNull();
    await vi.waitFor(() => expect(reads(fetchMock)).toHaveLength(3));
  });
});
