import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { workspaceKeys } from './workspace-keys';

describe('the workspace keys', () => {
  it("make a workspace's key the prefix of its reads through a share link, and of nothing else's", async () => {
    const queryClient = new QueryClient();
    const shared = workspaceKeys.detail(5, 'secret');
    const other = workspaceKeys.detail(50);
    const list = workspaceKeys.list(5);
    for (const key of [shared, other, list]) queryClient.setQueryData(key, {});

    await queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(5) });

    expect(queryClient.getQueryState(shared)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(false);
    expect(workspaceKeys.detail(5, undefined)).toEqual(workspaceKeys.detail(5));
  });
});
