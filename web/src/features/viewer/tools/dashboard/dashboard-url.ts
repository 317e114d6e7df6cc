import { biSettings, dashboardOrigin } from '@geows/contract';
import { z } from 'zod';
import { isObject, storedPlugins } from '../save-plugins';

/** The plugins' `bi` with `url` set to `url`, any other key of `bi` as stored (the contract reads only `url`). */
export function dashboardBi(stored: string, url: string) {
  const bi = storedPlugins(stored).bi;
  return { ...(isObject(bi) ? bi : {}), url };
}

/** The dashboard's host (with its port), as its panel's heading names it. */
export function dashboardHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Whether the map page must load again to show `next`: its Content-Security-Policy,
 * fixed when it loaded, frames only the dashboard origin it had then.
 */
export const needsReload = (previous: string, next: string) =>
  next !== '' && dashboardOrigin(next) !== dashboardOrigin(previous);

/** The editor's field, checked with the contract's rule (trimmed first: a pasted address often has a space). */
export const dashboardForm = z.object({ url: z.string().trim().pipe(biSettings.shape.url) });
export type DashboardForm = z.infer<typeof dashboardForm>;
