import { paths } from '@geows/contract';
import type { QueryClient } from '@tanstack/react-query';

export type AfterLoginContext = {
  queryClient: QueryClient;
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
};

/** Where a logged-in user lands when nothing else decides (also the guard for home). */
export const homeForLoggedIn = paths.profile;

/**
 * The one place that decides where a completed login goes (spec §4: demo lookup, then
 * the active account's page). Until accounts exist that is the profile.
 */
export async function afterLogin({ navigate }: AfterLoginContext): Promise<void> {
  await navigate(homeForLoggedIn, { replace: true });
}
