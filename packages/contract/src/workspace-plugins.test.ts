import { describe, expect, it } from 'vitest';
import {
  dashboardOrigin,
  defaultWorkspacePlugins,
  isCssColour,
  pluginLimits,
  readWorkspacePlugins,
  workspacePluginsText,
} from './workspace-plugins.js';
import { updateWorkspaceRequest } from './workspaces.js';

/** The messages a plugins text gets, [] when it passes. */
const messagesFor = (plugins: unknown) => {
  const result = workspacePluginsText.safeParse(JSON.stringify(plugins));
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const camera = { longitude: 4.48, latitude: 51.92, height: 900, heading: 10, pitch: -30, roll: 0 };
const view = { id: 'quay', title: 'Quay wall', camera, visible: [3, 4], split: 0.3 };

describe('workspace plugins on write', () => {
  it('takes the defaults, full shapes and keys it does not know, as they are', () => {
    expect(messagesFor(defaultWorkspacePlugins)).toEqual([]);
    expect(
      messagesFor({
        splitPanel: { enabled: true, left: [1, 2], right: [3], position: 0.25 },
        elevation: {
          profiles: [
            { title: 'AHN', color: '#ff000080', datasource: 7 },
            { title: 'Terrain', color: 'rgb(0, 128, 255)', datasource: null },
          ],
        },
        bi: { url: 'https://dashboard.example.org/report?page=2#top' },
        views: [view, { ...view, id: 2, split: null }],
        legend: { collapsed: true },
        somethingLater: [1, 'two'],
      }),
    ).toEqual([]);
    // Keys with defaults may be left out: the divider in the middle, the built-in model.
    expect(
      messagesFor({
        splitPanel: { enabled: false, left: [], right: [] },
        elevation: { profiles: [{ title: 'AHN', color: 'red' }] },
        views: [{ id: 'a', title: 'A', camera, visible: [] }],
      }),
    ).toEqual([]);
  });

  it.each([
    [{ splitPanel: 'on' }, 'splitPanel must be an object: {enabled, left, right, position}.'],
    [{ splitPanel: { left: [], right: [] } }, 'splitPanel.enabled must be true or false.'],
    [
      { splitPanel: { enabled: true, left: 'all', right: [] } },
      'splitPanel.left must be a list of layer ids.',
    ],
    [
      { splitPanel: { enabled: true, left: [], right: ['7'] } },
      'splitPanel.right[0] must be a layer id (a whole number).',
    ],
    [
      { splitPanel: { enabled: true, left: [1.5], right: [] } },
      'splitPanel.left[0] must be a layer id (a whole number).',
    ],
    [
      { splitPanel: { enabled: true, left: [], right: [], position: 1.2 } },
      'splitPanel.position must be a number from 0 to 1.',
    ],
    [
      { splitPanel: { enabled: true, left: [], right: [], position: '0.5' } },
      'splitPanel.position must be a number from 0 to 1.',
    ],
    [
      { splitPanel: { enabled: true, left: [4, 5], right: [6, 5] } },
      'splitPanel.right must not hold a layer of splitPanel.left: 5 is in both.',
    ],
    [{ elevation: [] }, 'elevation must be an object: {profiles}.'],
    [{ elevation: {} }, 'elevation.profiles must be a list of {title, color, datasource}.'],
    [
      { elevation: { profiles: [{ title: ' ', color: 'red' }] } },
      'elevation.profiles[0].title must not be empty.',
    ],
    [
      {
        elevation: {
          profiles: [
            { title: 'A', color: 'red' },
            { title: 'B', color: 'reddish' },
          ],
        },
      },
      'elevation.profiles[1].color must be a CSS colour: a name such as red, #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or hsla().',
    ],
    [
      { elevation: { profiles: [{ title: 'A', color: 'red', datasource: 'ahn' }] } },
      'elevation.profiles[0].datasource must be the id of a data source, or null.',
    ],
    [
      {
        elevation: {
          profiles: Array.from({ length: pluginLimits.profiles + 1 }, () => ({ title: 'A', color: 'red' })),
        },
      },
      `elevation.profiles must hold at most ${pluginLimits.profiles} profiles.`,
    ],
    [{ bi: 'https://dashboard.example.org' }, 'bi must be an object: {url}.'],
    [{ bi: {} }, 'bi.url must be empty or an http(s) address, e.g. https://dashboard.example.org/report.'],
    [
      { bi: { url: 'javascript:alert(1)' } },
      'bi.url must be empty or an http(s) address, e.g. https://dashboard.example.org/report.',
    ],
    [
      { bi: { url: 'data:text/html,<script>alert(1)</script>' } },
      'bi.url must be empty or an http(s) address, e.g. https://dashboard.example.org/report.',
    ],
    [
      { bi: { url: 'ftp://files.example.org/' } },
      'bi.url must be empty or an http(s) address, e.g. https://dashboard.example.org/report.',
    ],
    [
      { bi: { url: 'https://user:secret@dashboard.example.org/' } },
      'bi.url must not hold a user name or password.',
    ],
    [{ views: {} }, 'views must be a list of saved views: [{id, title, camera, visible, split}].'],
    [{ views: ['quay'] }, 'views[0] must be an object: {id, title, camera, visible, split}.'],
    [{ views: [{ ...view, id: '' }] }, 'views[0].id must be text of 1 to 100 characters or a number.'],
    [{ views: [{ ...view, id: true }] }, 'views[0].id must be text of 1 to 100 characters or a number.'],
    [{ views: [{ ...view, title: '' }] }, 'views[0].title must not be empty.'],
    [
      { views: [{ ...view, camera: JSON.stringify(camera) }] },
      'views[0].camera must be an object: {longitude, latitude, height, heading, pitch, roll}.',
    ],
    [
      { views: [{ ...view, camera: { ...camera, latitude: 91 } }] },
      'views[0].camera.latitude must be a number from -90 to 90.',
    ],
    [{ views: [{ ...view, visible: [0] }] }, 'views[0].visible[0] must be a layer id (a whole number).'],
    [{ views: [{ ...view, split: 2 }] }, 'views[0].split must be a number from 0 to 1.'],
    [{ views: [view, { ...view, id: 'other' }, { ...view }] }, 'views[2].id must differ from views[0].id.'],
    [
      {
        views: [
          { ...view, id: 7 },
          { ...view, id: '7' },
        ],
      },
      'views[1].id must differ from views[0].id.',
    ],
  ])('refuses %j: %s', (plugins, message) => {
    expect(messagesFor(plugins)).toEqual([message]);
  });

  it('refuses what is not an object, as before', () => {
    for (const text of ['[]', 'null', '"x"', '{'])
      expect(updateWorkspaceRequest.safeParse({ version: 1, workspacePlugins: text }).error?.issues).toEqual([
        expect.objectContaining({
          path: ['workspacePlugins'],
          message: 'Enter the plugin settings as a JSON object.',
        }),
      ]);
  });

  it('names at most ten broken values', () => {
    const left = Array.from({ length: 50 }, () => 'x');
    expect(messagesFor({ splitPanel: { enabled: true, left, right: [] } })).toHaveLength(10);
  });
});

describe('CSS colours', () => {
  it.each([
    'red',
    'RebeccaPurple',
    'transparent',
    '#f00',
    '#f008',
    '#ff0000',
    '#ff000080',
    'rgb(255, 0, 0)',
    'rgba(255,0,0,0.5)',
    'rgb(100% 0% 0% / 0.5)',
    'hsl(120, 100%, 50%)',
    'hsla(120 100% 50% / .25)',
  ])('takes %s', (colour) => expect(isCssColour(colour)).toBe(true));

  it.each([
    '',
    'reddish',
    '#ff000',
    '#ff00000',
    'rgb(256, 0, 0)',
    'rgb(0, 0)',
    'rgba(0, 0, 0, 2)',
    'hsl(120, 100, 50)',
    'red; background: url(x)',
    ' red',
    'var(--red)',
  ])('refuses %j', (colour) => expect(isCssColour(colour)).toBe(false));
});

describe('dashboard origins', () => {
  it('are the origin of a plain http(s) address', () => {
    expect(dashboardOrigin('https://Dashboard.Example.org/report?x=1')).toBe('https://dashboard.example.org');
    expect(dashboardOrigin('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(dashboardOrigin('https://bi.example.org:443/a')).toBe('https://bi.example.org');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'https:dashboard.example.org',
    'https://dash board.example.org/',
    'https://dashboard.example.org/ x',
    ' https://dashboard.example.org/',
    'https://[::1]/',
    'https://under_score.example.org/',
    'https://dashboard.example.org./',
    'https://a..b/',
    "https://x.example.org'; script-src *",
  ])('are nothing for %j', (url) => expect(dashboardOrigin(url)).toBeUndefined());
});

describe('workspace plugins on read', () => {
  it('fills in what a workspace saved before the keys existed', () => {
    expect(readWorkspacePlugins('{}')).toEqual(defaultWorkspacePlugins);
    expect(
      readWorkspacePlugins({
        splitPanel: { enabled: true, left: [], right: [] },
        elevation: { profiles: [{ title: 'AHN3/AHN4', color: 'red' }] },
        bi: { url: '' },
        note: 'kept',
      }),
    ).toEqual({
      ...defaultWorkspacePlugins,
      splitPanel: { enabled: true, left: [], right: [], position: 0.5 },
      note: 'kept',
    });
  });

  it('reads a value that no longer fits as the default, keeping what still does', () => {
    const plugins = readWorkspacePlugins(
      JSON.stringify({
        splitPanel: { enabled: true, left: [1, 'x'], right: [2], position: 3 },
        elevation: {
          profiles: [
            { title: 'A', color: 'blue', datasource: 4 },
            { title: '', color: 'red' },
          ],
        },
        bi: { url: 'javascript:alert(1)' },
        views: [view, { ...view }, { id: 'broken' }],
      }),
    );
    expect(plugins.splitPanel).toEqual({ enabled: true, left: [], right: [2], position: 0.5 });
    expect(plugins.elevation).toEqual({ profiles: [{ title: 'A', color: 'blue', datasource: 4 }] });
    expect(plugins.bi).toEqual({ url: '' });
    expect(plugins.views).toEqual([view]);
  });

  it('never throws', () => {
    for (const stored of ['', '{', 'null', '[]', '"x"', null, 7, { splitPanel: null, views: 'x' }])
      expect(readWorkspacePlugins(stored)).toMatchObject({ bi: { url: '' }, views: [] });
  });
});
