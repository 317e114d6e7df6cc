import { z } from 'zod';
import { idParam } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Elevation profiles (RUNTIME.md, "Workspace tools", Profiles): heights along a line,
 * one list per profile the workspace's `elevation` plugin configures.
 */
export const profileLimits = {
  minLinePoints: 2,
  maxLinePoints: 50,
  minSamples: 2,
  maxSamples: 2000,
  defaultSamples: 200,
} as const;

const lineMessage = `Enter the line as ${profileLimits.minLinePoints} to ${profileLimits.maxLinePoints} [longitude, latitude] points.`;

const isLonLat = (point: unknown): point is [number, number] =>
  Array.isArray(point) &&
  point.length === 2 &&
  point.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(point[0]) <= 180 &&
  Math.abs(point[1]) <= 90;

/**
 * The line, checked as a whole so that every message is under `line` (the 400 names the
 * field, not a point's index path). Longitude from -180 to 180, latitude from -90 to 90.
 */
export const profileLine = z
  .array(z.unknown(), { error: lineMessage })
  .superRefine((points, ctx) => {
    if (points.length < profileLimits.minLinePoints || points.length > profileLimits.maxLinePoints) {
      ctx.addIssue({ code: 'custom', message: lineMessage });
      return;
    }
    const bad = points.findIndex((point) => !isLonLat(point));
    if (bad >= 0)
      ctx.addIssue({
        code: 'custom',
        message: `Point ${bad + 1} must be [longitude, latitude]: longitude from -180 to 180, latitude from -90 to 90.`,
      });
  })
  .transform((points) => points as [number, number][])
  // What the OpenAPI document says the line is (the schema above takes unknown items to check them as a whole).
  .meta({
    description: lineMessage,
    minItems: profileLimits.minLinePoints,
    maxItems: profileLimits.maxLinePoints,
    items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
  });

const samplesMessage = `Ensure this value is a whole number from ${profileLimits.minSamples} to ${profileLimits.maxSamples}.`;

export const profileRequest = z.object({
  line: profileLine,
  samples: z
    .number({ error: samplesMessage })
    .int(samplesMessage)
    .min(profileLimits.minSamples, samplesMessage)
    .max(profileLimits.maxSamples, samplesMessage)
    .default(profileLimits.defaultSamples),
});
export type ProfileRequest = z.input<typeof profileRequest>;

/** Without a login: a live share link's token of the workspace. */
export const profileQuery = z.object({ token: z.string().max(200).optional() });

/** Over the non-null heights; all null when there are none. Ascent and descent in metres, both ≥ 0. */
export const profileStats = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  ascent: z.number().nullable(),
  descent: z.number().nullable(),
});
export type ProfileStats = z.infer<typeof profileStats>;

/**
 * Min, max and mean of the non-null heights; ascent and descent the sums of the rises and
 * falls between consecutive non-null heights (a gap of nulls is bridged). All null when
 * there is no height at all. The server answers these; the viewer counts them the same
 * way for the heights it samples itself.
 */
export function profileStatsOf(heights: readonly (number | null)[]): ProfileStats {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  let ascent = 0;
  let descent = 0;
  let previous: number | null = null;
  for (const height of heights) {
    if (height === null) continue;
    min = Math.min(min, height);
    max = Math.max(max, height);
    sum += height;
    count += 1;
    if (previous !== null) {
      if (height > previous) ascent += height - previous;
      else descent += previous - height;
    }
    previous = height;
  }
  if (count === 0) return { min: null, max: null, mean: null, ascent: null, descent: null };
  return { min, max, mean: sum / count, ascent, descent };
}

export const profilePoint = z.object({ distance: z.number(), longitude: z.number(), latitude: z.number() });
export type ProfilePoint = z.infer<typeof profilePoint>;

export const elevationProfileResult = z.object({
  title: z.string(),
  color: z.string(),
  /** One per point: metres, or null (nodata, or outside the raster). */
  heights: z.array(z.number().nullable()),
  stats: profileStats,
});
export type ElevationProfileResult = z.infer<typeof elevationProfileResult>;

/** `length` and `distance` in metres along the ellipsoid (WGS84). */
export const profileResponse = z.object({
  length: z.number(),
  points: z.array(profilePoint),
  profiles: z.array(elevationProfileResult),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

const tag = 'workspaces';
export const elevationApi = {
  profile: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/profile',
    auth: 'optional',
    access: 'workspace-viewer',
    status: 200,
    tag,
    summary:
      "Heights along a line for each of the workspace's elevation profiles (WCS, GeoTIFF or the built-in ground model), samples evenly spaced on the ellipsoid; with a login and view rights, or ?token= a share link's token; Accept: text/csv for CSV",
    params: idParam,
    query: profileQuery,
    body: profileRequest,
    response: profileResponse,
  }),
};
