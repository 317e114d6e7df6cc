import { type LibraryOrdering, layersApi } from '@geows/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { layerKeys } from '../../viewer';

export type LibraryParams = { account: number; search: string; ordering: LibraryOrdering; page: number };

/** Rows per page of the library table. */
export const libraryPageSize = 25;

/** `GET /api/layers/library?account=&search=&ordering=&page=&page_size=`: one page of the account's layers. */
export const getLibrary = ({ account, search, ordering, page }: LibraryParams, signal?: AbortSignal) =>
  callApi(layersApi.library, {
    query: { account, search: search || undefined, ordering, page: page + 1, page_size: libraryPageSize },
    signal,
  });

export const libraryQueryOptions = (params: LibraryParams) =>
  queryOptions({
    // Under the layers' keys: an edit of any layer (here or in an editor) reloads it.
    queryKey: [...layerKeys.all, 'library', params] as const,
    queryFn: ({ signal }) => getLibrary(params, signal),
  });

export const useLibrary = (params: LibraryParams | undefined) =>
  useQuery({
    ...libraryQueryOptions(params ?? { account: 0, search: '', ordering: 'name', page: 0 }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
