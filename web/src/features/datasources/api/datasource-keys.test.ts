import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { datasourceKeys } from './datasource-keys';

describe('the data source keys', () => {
  it("put the add-layer picker among the lists: a create, an edit or a delete reloads it with the table's pages", async () => {
    const queryClient = new QueryClient();
    const picker = datasourceKeys.picker(9, ' harbour ');
    const table = datasourceKeys.list({ account: 1, search: '', ordering: 'name', page: 0 });
    const detail = datasourceKeys.detail(3);
    for (const key of [picker, table, detail]) queryClient.setQueryData(key, {});

    await queryClient.invalidateQueries({ queryKey: datasourceKeys.lists() });

    expect(queryClient.getQueryState(picker)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(table)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(false);
    // The search is the one typed, trimmed: ' harbour ' and 'harbour' are one query.
    expect(picker).toEqual(datasourceKeys.picker(9, 'harbour'));
  });
});
