import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Query defaults for the whole app, in one place. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not heal by asking again; network and 5xx errors get one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
