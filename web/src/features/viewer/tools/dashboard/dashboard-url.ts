import { biSettings, dashboardOrigin } from '@geows/contract';
import { z } from 'zod';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The workspace's plugins JSON text with `bi.url` set to `url`: every other key, and any
 * other key of `bi`, as stored. Text that is no JSON object counts as `{}`.
 */
export function withDashboardUrl(stored: string, url: string): string {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    value = {};
  }
  const plugins = isObject(value) ? value : {};
  const bi = isObject(plugins.bi) ? plugins.bi : {};
  return JSON.stringify({ ...plugins, bi: { ...bi, url } });
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
