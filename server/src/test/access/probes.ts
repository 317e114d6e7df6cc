import type { Tenant } from './tenants.js';

/**
 * Tenant B's ids where tenant A's admin (or A's workspace's share-link readers) name
 * them in filters and bodies (OWASP ASVS V8.4.1). Paths need no list: the matrix sends
 * each endpoint's own call with B's ids (calls.ts).
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Filters that narrow a list of the caller's own things: with B's account, nothing (an empty page, 400 or 404). */
export const accountFilters = (a: Tenant, b: Tenant) => [
  `/api/workspaces?account=${b.account}`,
  `/api/datasources?account=${b.account}`,
  `/api/datasources?workspace=${a.workspace}&account=${b.account}`,
  `/api/userGroup?account=${b.account}`,
  `/api/layers/library?account=${b.account}`,
];

const line = {
  line: [
    [4.9, 52.37],
    [4.91, 52.38],
  ],
  samples: 2,
};

/**
 * Calls that must answer 404: B's workspace in `?workspace=` (as A's admin, `login`), and
 * B's live share token on A's workspace (without a login): a token opens its own workspace only.
 */
export const hiddenWorkspaces = (
  a: Tenant,
  b: Tenant,
): { login: boolean; method: Method; url: string; payload?: unknown }[] => [
  { login: true, method: 'GET', url: `/api/datasources?workspace=${b.workspace}` },
  { login: true, method: 'GET', url: `/api/invite?workspace=${b.workspace}` },
  { login: true, method: 'GET', url: `/api/layers?workspace=${b.workspace}` },
  { login: true, method: 'GET', url: `/api/layers/sources?workspace=${b.workspace}` },
  { login: false, method: 'GET', url: `/api/workspaces/${a.workspace}?token=${b.share.live}` },
  { login: false, method: 'GET', url: `/api/layers?workspace=${a.workspace}&token=${b.share.live}` },
  { login: false, method: 'GET', url: `/api/layers/sources?workspace=${a.workspace}&token=${b.share.live}` },
  { login: false, method: 'GET', url: `/api/layers/${a.layer}/features?token=${b.share.live}` },
  { login: false, method: 'GET', url: `/api/workspaces/${a.workspace}/dashboard?token=${b.share.live}` },
  {
    login: false,
    method: 'POST',
    url: `/api/workspaces/${a.workspace}/profile?token=${b.share.live}`,
    payload: line,
  },
];

/**
 * Bodies naming B's objects in A's calls: refused with 400 on that `field`. `body` gets
 * A's workspace's current version, which a change of its settings must name.
 */
export const foreignReferences = (
  a: Tenant,
  b: Tenant,
): { field: string; method: Method; url: string; body(version: number): unknown }[] => {
  const plugins = (value: unknown) => (version: number) => ({
    version,
    workspacePlugins: JSON.stringify(value),
  });
  const view = { id: 'v', title: 'v', camera: null, split: null };
  return [
    {
      field: 'account',
      method: 'POST',
      url: '/api/workspaces',
      body: () => ({ admin: a.admin.id, account: b.account, name: 'x', description: 'x' }),
    },
    { field: 'account', method: 'POST', url: '/api/workspaces/sample', body: () => ({ account: b.account }) },
    {
      field: 'account',
      method: 'POST',
      url: '/api/datasources',
      body: () => ({
        name: 'x',
        type: 1,
        account: b.account,
        config: { url: 'http://127.0.0.1:9/', layers: 'a' },
      }),
    },
    {
      field: 'account',
      method: 'POST',
      url: '/api/userGroup',
      body: () => ({ name: 'x', account: b.account }),
    },
    ...(['data_source', 'parent', 'user_groups'] as const).flatMap((field) => {
      const value = { data_source: b.datasource, parent: b.layer, user_groups: [b.group] }[field];
      return [
        {
          field,
          method: 'POST' as const,
          url: '/api/layers',
          body: () => ({ workspace: a.workspace, name: 'x', [field]: value }),
        },
        { field, method: 'PATCH' as const, url: `/api/layers/${a.layer}`, body: () => ({ [field]: value }) },
      ];
    }),
    {
      field: 'workspacePlugins',
      method: 'PATCH',
      url: `/api/workspaces/${a.workspace}`,
      body: plugins({ splitPanel: { enabled: true, left: [b.layer], right: [], position: 0.5 } }),
    },
    {
      field: 'workspacePlugins',
      method: 'PATCH',
      url: `/api/workspaces/${a.workspace}`,
      body: plugins({ splitPanel: { enabled: true, left: [], right: [b.groupedLayer], position: 0.5 } }),
    },
    {
      field: 'workspacePlugins',
      method: 'PATCH',
      url: `/api/workspaces/${a.workspace}`,
      body: plugins({ views: [{ ...view, visible: [b.layer] }] }),
    },
  ];
};

/** B's objects under A's own in a path: 404, and B's object untouched. */
export const foreignChildren = (a: Tenant, b: Tenant) => [
  `/api/workspaces/${a.workspace}/share/${b.share.liveId}`,
  `/api/userGroup/${a.group}/members/${b.membership}`,
  `/api/workspaces/${a.workspace}/editors/${b.admin.id}`,
];
