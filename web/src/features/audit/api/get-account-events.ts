import { accountAuditPageSize, auditApi } from '@geows/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { auditKeys } from './audit-keys';

/** `GET /api/accounts/{id}/events?page=&page_size=`: one page of the account's events; `page` 0-based. */
export const getAccountEvents = (accountId: number, page: number, signal?: AbortSignal) =>
  callApi(auditApi.ofAccount, {
    params: { id: accountId },
    query: { page: page + 1, page_size: accountAuditPageSize },
    signal,
  });

export const accountEventsQueryOptions = (accountId: number, page: number) =>
  queryOptions({
    queryKey: auditKeys.account(accountId, page),
    queryFn: ({ signal }) => getAccountEvents(accountId, page, signal),
    staleTime: 0,
  });

/** The table's page; the previous page stays on screen while the next one loads. */
export const useAccountEvents = (accountId: number, page: number) =>
  useQuery({ ...accountEventsQueryOptions(accountId, page), placeholderData: keepPreviousData });
