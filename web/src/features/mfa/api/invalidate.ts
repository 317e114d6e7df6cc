import type { QueryClient } from '@tanstack/react-query';
import { authUserQueryKey } from '../../auth';
import { activeMethodsQueryKey } from './get-active-methods';

/**
 * After a method is turned on or off: the list, and the user's `mfa` (guard 5 reads
 * it). Awaited, so the next navigation already sees the new state.
 */
export const refreshMethods = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: activeMethodsQueryKey }),
    queryClient.invalidateQueries({ queryKey: authUserQueryKey }),
  ]);
