import { z } from 'zod';
import { MAX_ID } from './common.js';
import { jsonText } from './fields.js';

/**
 * A workspace's tools — compare (`splitPanel`), elevation profiles (`elevation`), the
 * dashboard (`bi`) and saved views (`views`) — kept in `workspacePlugins`, JSON text
 * written with the workspace's `version` (RUNTIME.md, "Workspace tools"). Other keys are
 * kept as sent. Strict on write (`workspacePluginsText`: a value that breaks a shape is a
 * 400 naming the key), lenient on read (`readWorkspacePlugins`: what a workspace saved
 * before a key existed, or with a value that no longer fits, reads as the default).
 *
 * The schemas check shapes only; that layer ids are the workspace's, a data source is an
 * elevation source of its account and a dashboard is not on this site's own origin is
 * the server's to check (server/src/modules/workspaces/workspace-plugins.ts).
 *
 * Every message is a predicate ("must be …"); `pluginIssueMessage` puts the key before
 * it: "splitPanel.position must be a number from 0 to 1.".
 */

/** Camera JSON: degrees and metres, WGS84 (docs/decisions.md): the workspace's, and a saved view's. */
export const camera = z.object(
  {
    longitude: z
      .number({ error: 'must be a number from -180 to 180.' })
      .min(-180, 'must be a number from -180 to 180.')
      .max(180, 'must be a number from -180 to 180.'),
    latitude: z
      .number({ error: 'must be a number from -90 to 90.' })
      .min(-90, 'must be a number from -90 to 90.')
      .max(90, 'must be a number from -90 to 90.'),
    height: z
      .number({ error: 'must be a number of metres from -1000 to 100000000.' })
      .min(-1000, 'must be a number of metres from -1000 to 100000000.')
      .max(100_000_000, 'must be a number of metres from -1000 to 100000000.'),
    heading: z.number({ error: 'must be a number (degrees).' }),
    pitch: z.number({ error: 'must be a number (degrees).' }),
    roll: z.number({ error: 'must be a number (degrees).' }),
  },
  { error: 'must be an object: {longitude, latitude, height, heading, pitch, roll}.' },
);
export type Camera = z.infer<typeof camera>;

/** The limits of the plugins' lists: far above what a screen shows, far below what would hurt. */
export const pluginLimits = {
  layerIds: 10_000,
  profiles: 10,
  views: 200,
  title: 100,
  viewId: 100,
  url: 2048,
} as const;

const fractionMessage = 'must be a number from 0 to 1.';
/** A divider's place from the map's left edge: 0 (left) … 1 (right). */
const fraction = z.number({ error: fractionMessage }).min(0, fractionMessage).max(1, fractionMessage);

const layerIdMessage = 'must be a layer id (a whole number).';
const layerIds = z
  .array(
    z
      .number({ error: layerIdMessage })
      .int(layerIdMessage)
      .min(1, layerIdMessage)
      .max(MAX_ID, layerIdMessage),
    { error: 'must be a list of layer ids.' },
  )
  .max(pluginLimits.layerIds, `must hold at most ${pluginLimits.layerIds} layer ids.`);

const title = z
  .string({ error: 'must be text.' })
  .trim()
  .min(1, 'must not be empty.')
  .max(pluginLimits.title, `must have at most ${pluginLimits.title} characters.`);

/**
 * Compare: while `enabled`, a layer in `left` draws only left of the divider, one in
 * `right` only right of it, every other layer on both sides. A group's id stands for its
 * children too.
 */
export const splitPanelSettings = z
  .object(
    {
      enabled: z.boolean({ error: 'must be true or false.' }),
      left: layerIds,
      right: layerIds,
      position: fraction.default(0.5),
    },
    { error: 'must be an object: {enabled, left, right, position}.' },
  )
  .superRefine((panel, ctx) => {
    const left = new Set(panel.left);
    const both = panel.right.find((id) => left.has(id));
    if (both !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['right'],
        message: `must not hold a layer of splitPanel.left: ${both} is in both.`,
      });
  });
export type SplitPanelSettings = z.infer<typeof splitPanelSettings>;

/** CSS named colours (CSS Color 4), which the viewer's colour parser knows too. */
const namedColours = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
  brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue
  darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange
  darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise
  darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia
  gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo
  ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
  lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta
  maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
  mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
  navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
  paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red
  rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
  slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
  whitesmoke yellow yellowgreen transparent`.split(/\s+/),
);

const num = String.raw`(\d{1,3}(?:\.\d+)?|\.\d+)`;
const separator = String.raw`\s*(?:,\s*|\s+)`;
const alpha = String.raw`(?:\s*[,/]\s*${num})?`;
const rgbFunction = new RegExp(
  String.raw`^rgba?\(\s*${num}(%?)${separator}${num}(%?)${separator}${num}(%?)${alpha}\s*\)$`,
  'i',
);
const hslFunction = new RegExp(
  String.raw`^hsla?\(\s*${num}${separator}${num}%${separator}${num}%${alpha}\s*\)$`,
  'i',
);

/**
 * A CSS colour the viewer can draw: a named colour, `#rgb`, `#rgba`, `#rrggbb`,
 * `#rrggbbaa`, `rgb()`/`rgba()` (0–255 or percentages) or `hsl()`/`hsla()`, alpha 0–1.
 */
export function isCssColour(value: string): boolean {
  if (value.length > 64) return false;
  if (namedColours.has(value.toLowerCase())) return true;
  if (/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) return true;
  const alphaFits = (text: string | undefined) => text === undefined || Number(text) <= 1;
  const rgb = rgbFunction.exec(value);
  if (rgb) {
    const channels = [1, 3, 5].map((i) => Number(rgb[i]) <= (rgb[i + 1] === '%' ? 100 : 255));
    return channels.every(Boolean) && alphaFits(rgb[7]);
  }
  const hsl = hslFunction.exec(value);
  if (hsl)
    return Number(hsl[1]) <= 360 && Number(hsl[2]) <= 100 && Number(hsl[3]) <= 100 && alphaFits(hsl[4]);
  return false;
}

const colourMessage =
  'must be a CSS colour: a name such as red, #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or hsla().';

/**
 * One line of the elevation profile: `datasource` an elevation data source of the
 * workspace's account (`elevationDatasourceTypeKeys`), or null (left out: null) for the
 * built-in ground model.
 */
export const elevationProfile = z.object(
  {
    title,
    color: z.string({ error: colourMessage }).refine(isCssColour, colourMessage),
    datasource: z
      .number({ error: 'must be the id of a data source, or null.' })
      .int('must be the id of a data source, or null.')
      .min(1, 'must be the id of a data source, or null.')
      .max(MAX_ID, 'must be the id of a data source, or null.')
      .nullable()
      .default(null),
  },
  { error: 'must be an object: {title, color, datasource}.' },
);
export type ElevationProfile = z.infer<typeof elevationProfile>;

export const elevationSettings = z.object(
  {
    profiles: z
      .array(elevationProfile, { error: 'must be a list of {title, color, datasource}.' })
      .max(pluginLimits.profiles, `must hold at most ${pluginLimits.profiles} profiles.`),
  },
  { error: 'must be an object: {profiles}.' },
);
export type ElevationSettings = z.infer<typeof elevationSettings>;

const dashboardUrlMessage = 'must be empty or an http(s) address, e.g. https://dashboard.example.org/report.';

/**
 * The dashboard beside the map: `""` (no panel) or an http(s) address without a user
 * name or password. That it is not on this site's own origin, the server checks.
 */
export const biSettings = z.object(
  {
    url: z
      .string({ error: dashboardUrlMessage })
      .max(pluginLimits.url, `must have at most ${pluginLimits.url} characters.`)
      .refine((url) => url === '' || dashboardOrigin(url) !== undefined, dashboardUrlMessage)
      .refine((url) => url === '' || !hasCredentials(url), 'must not hold a user name or password.'),
  },
  { error: 'must be an object: {url}.' },
);
export type BiSettings = z.infer<typeof biSettings>;

/**
 * The WHATWG URL parser, which Node and every browser have: the contract is compiled
 * without either's types, so the little used here is declared.
 */
declare const URL: new (
  url: string,
) => { protocol: string; hostname: string; username: string; password: string; origin: string };

function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/**
 * The origin of a dashboard address (`https://host[:port]`), or undefined for anything
 * that is not a plain http(s) address: what the map pages' CSP admits as a frame source,
 * so it must be safe to put into a header as it is.
 */
export function dashboardOrigin(url: string): string | undefined {
  if (url.trim() !== url || /[\s\\]/.test(url)) return undefined;
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  // Written out in full (no `https:foo`, `https:/foo`); a host name or an IPv4 address, as a
  // CSP source names hosts (no IPv6 literal, no underscore, no trailing dot).
  if (!/^https?:\/\/[^/]/i.test(url) || !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(parsed.hostname))
    return undefined;
  return parsed.origin;
}

const viewIdMessage = `must be text of 1 to ${pluginLimits.viewId} characters or a number.`;

/**
 * A saved view: where the camera stands, which layers show, where the divider stands
 * (`null`: as the split panel says). `/workspace/view/{id}?view={viewId}` opens at it.
 */
export const savedView = z.object(
  {
    id: z
      .union([z.string(), z.number()], { error: viewIdMessage })
      .refine(
        (id) => typeof id === 'number' || (id.trim() !== '' && id.length <= pluginLimits.viewId),
        viewIdMessage,
      ),
    title,
    camera,
    visible: layerIds,
    split: fraction.nullable().default(null),
  },
  { error: 'must be an object: {id, title, camera, visible, split}.' },
);
export type SavedView = z.infer<typeof savedView>;

export const savedViews = z
  .array(savedView, { error: 'must be a list of saved views: [{id, title, camera, visible, split}].' })
  .max(pluginLimits.views, `must hold at most ${pluginLimits.views} views.`)
  .superRefine((views, ctx) => {
    // `?view=` names a view in a URL: 7 and "7" are the same view there.
    const first = new Map<string, number>();
    views.forEach((view, index) => {
      const key = String(view.id);
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `must differ from views[${earlier}].id.`,
        });
    });
  });

/** What a write checks: the keys RUNTIME.md fixes, when present; any other key as sent. */
export const workspacePluginsSchema = z.looseObject(
  {
    splitPanel: splitPanelSettings.optional(),
    elevation: elevationSettings.optional(),
    bi: biSettings.optional(),
    views: savedViews.optional(),
  },
  { error: 'Enter the plugin settings as a JSON object.' },
);

/** `splitPanel.left[2]`, `views[0].camera.latitude`: where an issue is, as the message names it. */
export function pluginPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** The message of a plugins issue with the key it is about: "splitPanel.position must be a number from 0 to 1.". */
export function pluginIssueMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  return issue.path.length === 0 ? issue.message : `${pluginPath(issue.path)} ${issue.message}`;
}

/** At most this many messages per answer: a list of 10,000 bad ids says it in ten. */
const maxMessages = 10;

/**
 * `workspacePlugins` as `PATCH /api/workspaces/{id}` takes it: JSON text of an object
 * whose known keys fit their shapes; each broken one is a message naming the key.
 */
export const workspacePluginsText = jsonText(
  workspacePluginsSchema,
  'Enter the plugin settings as a JSON object.',
  (issues) => issues.slice(0, maxMessages).map(pluginIssueMessage),
);

/** The elevation profile every workspace starts with: the built-in ground model (AHN). */
export const defaultElevationProfile: ElevationProfile = {
  title: 'AHN3/AHN4',
  color: 'red',
  datasource: null,
};

/** What a new workspace starts with (RUNTIME.md, "Workspace tools"; docs/decisions.md). */
export const defaultWorkspacePlugins = {
  splitPanel: { enabled: false, left: [] as number[], right: [] as number[], position: 0.5 },
  elevation: { profiles: [{ ...defaultElevationProfile }] },
  bi: { url: '' },
  views: [] as SavedView[],
};

/** The plugins as the viewer and the editor use them: every known key filled in, other keys as stored. */
export type WorkspacePlugins = {
  splitPanel: SplitPanelSettings;
  elevation: ElevationSettings;
  bi: BiSettings;
  views: SavedView[];
} & Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each item of a stored list that fits its schema; the others are left out. */
const fitting = <T extends z.ZodType>(schema: T, value: unknown, max: number): z.output<T>[] =>
  (Array.isArray(value) ? value : []).slice(0, max).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });

const readIds = (value: unknown) => layerIds.safeParse(value).data ?? [];

/**
 * Stored plugins as JSON text (or the parsed object), read leniently: a key a workspace
 * lacks, or one that no longer fits its shape, reads as its default, field by field where
 * that keeps more of it (an old profile without `datasource` is the built-in model's).
 * Never throws.
 */
export function readWorkspacePlugins(stored: string | unknown): WorkspacePlugins {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      value = {};
    }
  }
  const plugins = isObject(value) ? value : {};
  const defaults = {
    splitPanel: { ...defaultWorkspacePlugins.splitPanel },
    elevation: { profiles: [{ ...defaultElevationProfile }] },
    bi: { ...defaultWorkspacePlugins.bi },
  };

  const panel = isObject(plugins.splitPanel) ? plugins.splitPanel : {};
  const left = readIds(panel.left);
  const leftSet = new Set(left);
  const splitPanel: SplitPanelSettings = {
    enabled: typeof panel.enabled === 'boolean' ? panel.enabled : defaults.splitPanel.enabled,
    left,
    right: readIds(panel.right).filter((id) => !leftSet.has(id)),
    position: fraction.safeParse(panel.position).data ?? defaults.splitPanel.position,
  };

  const elevation: ElevationSettings =
    isObject(plugins.elevation) && Array.isArray(plugins.elevation.profiles)
      ? { profiles: fitting(elevationProfile, plugins.elevation.profiles, pluginLimits.profiles) }
      : defaults.elevation;

  const bi: BiSettings = biSettings.safeParse(plugins.bi).data ?? defaults.bi;

  const seen = new Set<string>();
  const views = fitting(savedView, plugins.views, pluginLimits.views).filter((view) => {
    const key = String(view.id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  return { ...plugins, splitPanel, elevation, bi, views };
}
