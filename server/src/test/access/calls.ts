import { api, datasourceTypeByKey, type Endpoint } from '@geows/contract';
import type { TestApp } from '../app.js';
import type { CallerKind } from './expectations.js';
import { type Cast, type Person, type Tenant, tenantCalls, uploadCall, workspaceVersion } from './tenants.js';

/** Who makes a call: a login (`person`), a share link's token, or nobody. */
export type Caller = { kind: CallerKind; person?: Person | undefined; shareToken?: string | undefined };

export type CallContext = {
  t: TestApp;
  /** The tenant whose objects the call names: A for the matrix, another for cross-tenant probes. */
  target: Tenant;
  cast: Cast;
  caller: Caller;
  /** A fresh word, for names and addresses that must not collide. */
  unique(): string;
};

/**
 * One call of an endpoint: its address (params filled in, query included), body and
 * headers; `ok` lists the answers that mean "let through" when they are not the
 * endpoint's success status (a check that fails for a reason other than who calls).
 */
export type Call = { url: string; payload?: unknown; headers?: Record<string, string>; ok?: number[] };

export type Recipe = {
  call(c: CallContext): Call | Promise<Call>;
  /**
   * Deletes what the other calls need (the workspace, the account, the user): its place
   * among the calls run after all others, each with the allowed caller last.
   */
  final?: number;
  /** Ends the session it is made with: made with a login of its own. */
  freshSession?: boolean;
};

const wms = datasourceTypeByKey('wms')?.id ?? 1;
/** An address the server refuses to fetch before connecting: no test ever leaves the machine. */
const unreachableWms = 'http://127.0.0.1:9/wms';
const password = 'Correct-Horse-Battery-9';

/** The caller's own user and account; a caller without a login names tenant A's, and is refused before it matters. */
const me = (c: CallContext) => ({
  id: c.caller.person?.id ?? c.target.admin.id,
  account: c.caller.person?.account ?? c.target.account,
});

/** Preparation calls, made as the target tenant's admin. */
const asAdmin = (c: CallContext) => {
  const { must, call } = tenantCalls(c.t);
  const token = c.target.admin.token;
  return {
    must: (status: number, method: Parameters<typeof must>[2], url: string, payload?: unknown) =>
      must(status, token, method, url, payload),
    tryTo: (method: Parameters<typeof call>[1], url: string, payload?: unknown) =>
      call(token, method, url, payload),
  };
};

const ws = (c: CallContext) => `/api/workspaces/${c.target.workspace}`;

/**
 * How the matrix calls each endpoint of the contract. Who may call it is not written
 * here: that is the endpoint's `access` rule, from which the expected answers follow.
 * A new endpoint needs its rule and one entry here.
 */
export const recipes = new Map<Endpoint, Recipe>([
  [api.health.check, { call: () => ({ url: '/healthz' }) }],
  [api.sites.get, { call: () => ({ url: '/api/sites' }) }],
  [api.datasourceTypes.list, { call: () => ({ url: '/api/datasourcetypes' }) }],
  [
    api.auth.login,
    {
      call: (c) => ({
        url: '/auth/login/',
        payload: { username: `nobody${c.unique()}`, password },
        ok: [400],
      }),
    },
  ],
  [
    api.auth.loginCode,
    {
      call: () => ({
        url: '/auth/login/code/',
        payload: { code: '123456', ephemeral_token: 'not-a-token' },
        ok: [400],
      }),
    },
  ],
  [api.auth.logout, { freshSession: true, call: () => ({ url: '/api/auth/logout' }) }],
  [
    api.auth.register,
    {
      call: (c) => {
        const username = `matrix${c.unique()}`;
        return {
          url: '/api/auth/register',
          payload: { username, email: `${username}@example.org`, password },
        };
      },
    },
  ],
  [
    api.auth.activate,
    { call: (c) => ({ url: `/api/activate/${c.target.admin.id}/not-a-token/`, ok: [400] }) },
  ],
  [
    api.auth.reset,
    { call: (c) => ({ url: '/api/auth/reset', payload: { email: `nobody${c.unique()}@example.org` } }) },
  ],
  [
    api.auth.resetPassword,
    {
      call: (c) => ({
        url: '/api/auth/resetPassword',
        payload: { password, uid: String(c.target.admin.id), pw_token: 'not-a-token' },
        ok: [400],
      }),
    },
  ],
  [api.mfa.activeMethods, { call: () => ({ url: '/auth/mfa/user-active-methods' }) }],
  [api.mfa.activate, { call: () => ({ url: '/auth/app/activate/', payload: {} }) }],
  [
    api.mfa.confirm,
    { call: () => ({ url: '/auth/app/activate/confirm/', payload: { code: '123456' }, ok: [400] }) },
  ],
  [
    api.mfa.deactivate,
    { call: () => ({ url: '/auth/app/deactivate/', payload: { code: '123456' }, ok: [400] }) },
  ],
  [
    api.mfa.requestCode,
    { call: () => ({ url: '/auth/code/request/', payload: { method: 'email' }, ok: [400] }) },
  ],
  [api.users.me, { call: () => ({ url: '/api/users' }) }],
  [api.users.remove, { final: 3, call: (c) => ({ url: `/api/users/${c.target.admin.id}/` }) }],
  [api.users.profile, { call: () => ({ url: '/api/extendUsers' }) }],
  [
    api.users.updateProfile,
    {
      call: async (c) => {
        const profiles = await asAdmin(c).must(200, 'GET', '/api/extendUsers');
        return { url: `/api/extendUsers/${profiles.results[0].id}`, payload: { city: 'Delft' } };
      },
    },
  ],
  [api.accounts.list, { call: () => ({ url: '/api/accounts' }) }],
  [
    api.accounts.create,
    {
      call: (c) => ({
        url: '/api/accounts',
        payload: { admin: me(c).id, name: `Account ${c.unique()}`, description: 'Made by the matrix' },
      }),
    },
  ],
  [api.accounts.remove, { final: 2, call: (c) => ({ url: `/api/accounts/${c.target.account}` }) }],
  [api.workspaces.list, { call: () => ({ url: '/api/workspaces' }) }],
  [
    api.workspaces.create,
    {
      call: (c) => ({
        url: '/api/workspaces',
        payload: {
          admin: me(c).id,
          account: me(c).account,
          name: `Workspace ${c.unique()}`,
          description: 'Made by the matrix',
        },
      }),
    },
  ],
  [
    api.workspaces.createSample,
    { call: (c) => ({ url: '/api/workspaces/sample', payload: { account: me(c).account } }) },
  ],
  [api.workspaces.get, { call: (c) => ({ url: ws(c) }) }],
  [
    api.workspaces.update,
    {
      call: async (c) => ({
        url: ws(c),
        payload: {
          version: await workspaceVersion(c.t, c.target.admin.token, c.target.workspace),
          name: `${c.target.marker} workspace`,
        },
      }),
    },
  ],
  [api.workspaces.editors, { call: (c) => ({ url: `${ws(c)}/editors` }) }],
  [
    api.workspaces.addEditor,
    {
      call: async (c) => {
        await asAdmin(c).tryTo('DELETE', `${ws(c)}/editors/${c.cast.spare.id}`);
        return { url: `${ws(c)}/editors`, payload: { email: c.cast.spare.email } };
      },
    },
  ],
  [
    api.workspaces.removeEditor,
    {
      call: async (c) => {
        await asAdmin(c).tryTo('POST', `${ws(c)}/editors`, { email: c.cast.spare.email });
        return { url: `${ws(c)}/editors/${c.cast.spare.id}` };
      },
    },
  ],
  [api.workspaces.shareLinks, { call: (c) => ({ url: `${ws(c)}/share` }) }],
  [
    api.workspaces.createShareLink,
    { call: (c) => ({ url: `${ws(c)}/share`, payload: { label: 'matrix' } }) },
  ],
  [
    api.workspaces.removeShareLink,
    {
      call: async (c) => {
        const link = await asAdmin(c).must(201, 'POST', `${ws(c)}/share`, { label: 'throwaway' });
        return { url: `${ws(c)}/share/${link.id}` };
      },
    },
  ],
  [api.workspaces.remove, { final: 1, call: (c) => ({ url: ws(c) }) }],
  [
    api.workspaces.clone,
    { call: (c) => ({ url: '/api/cloneWorkspace', payload: { workspace: c.target.workspace } }) },
  ],
  [api.invitations.list, { call: () => ({ url: '/api/invite' }) }],
  [
    api.invitations.create,
    {
      call: (c) => ({
        url: '/api/invite',
        payload: { workspace: c.target.workspace, email: `invitee${c.unique()}@example.org` },
      }),
    },
  ],
  [
    api.invitations.remove,
    {
      call: async (c) => {
        const invitation = await asAdmin(c).must(201, 'POST', '/api/invite', {
          workspace: c.target.workspace,
          email: `throwaway${c.unique()}@example.org`,
        });
        return { url: `/api/invite/${invitation.id}` };
      },
    },
  ],
  [api.demo.workspace, { call: () => ({ url: '/api/demo' }) }],
  [api.datasources.list, { call: () => ({ url: '/api/datasources' }) }],
  [
    api.datasources.create,
    {
      call: (c) => ({
        url: '/api/datasources',
        payload: {
          name: `Source ${c.unique()}`,
          type: wms,
          account: me(c).account,
          config: { url: unreachableWms, layers: 'roads' },
        },
      }),
    },
  ],
  [
    api.datasources.inspect,
    // Let through, the call reaches the fetch, which refuses the loopback address: 400 on `url`.
    {
      call: () => ({
        url: '/api/datasources/inspect',
        payload: { type: wms, config: { url: unreachableWms } },
        ok: [400],
      }),
    },
  ],
  [api.datasources.upload, { call: (c) => uploadCall(me(c).account, `Upload ${c.unique()}`) }],
  [api.datasources.get, { call: (c) => ({ url: `/api/datasources/${c.target.datasource}` }) }],
  [api.datasources.features, { call: (c) => ({ url: `/api/datasources/${c.target.uploaded}/features` }) }],
  [
    api.datasources.arcgisSignIn,
    {
      // Let through, a WMS source has no ArcGIS portal to sign in to: 400.
      call: (c) => ({
        url: `/api/datasources/${c.target.datasource}/arcgis-sign-in`,
        payload: { code: 'code', code_verifier: 'v'.repeat(43), redirect_uri: 'http://127.0.0.1:9/callback' },
        ok: [400],
      }),
    },
  ],
  [
    api.datasources.update,
    {
      call: (c) => ({
        url: `/api/datasources/${c.target.datasource}`,
        payload: { name: `${c.target.marker} wms` },
      }),
    },
  ],
  [
    api.datasources.remove,
    {
      call: async (c) => {
        const source = await asAdmin(c).must(201, 'POST', '/api/datasources', {
          name: 'throwaway',
          type: wms,
          account: c.target.account,
          config: { url: unreachableWms, layers: 'roads' },
        });
        return { url: `/api/datasources/${source.id}` };
      },
    },
  ],
  [api.layers.list, { call: (c) => ({ url: `/api/layers?workspace=${c.target.workspace}` }) }],
  [api.layers.library, { call: () => ({ url: '/api/layers/library' }) }],
  [api.layers.sources, { call: (c) => ({ url: `/api/layers/sources?workspace=${c.target.workspace}` }) }],
  [api.layers.features, { call: (c) => ({ url: `/api/layers/${c.target.layer}/features` }) }],
  [
    api.layers.create,
    { call: (c) => ({ url: '/api/layers', payload: { workspace: c.target.workspace, name: 'matrix' } }) },
  ],
  [
    api.layers.update,
    { call: (c) => ({ url: `/api/layers/${c.target.layer}`, payload: { visible: true } }) },
  ],
  [
    api.layers.remove,
    {
      call: async (c) => {
        const layer = await asAdmin(c).must(201, 'POST', '/api/layers', {
          workspace: c.target.workspace,
          name: 'throwaway',
        });
        return { url: `/api/layers/${layer.id}` };
      },
    },
  ],
  [api.userGroups.list, { call: () => ({ url: '/api/userGroup' }) }],
  [
    api.userGroups.create,
    {
      call: (c) => ({
        url: '/api/userGroup',
        payload: { name: `Group ${c.unique()}`, account: me(c).account },
      }),
    },
  ],
  [
    api.userGroups.remove,
    {
      call: async (c) => {
        const group = await asAdmin(c).must(201, 'POST', '/api/userGroup', {
          name: 'throwaway',
          account: c.target.account,
        });
        return { url: `/api/userGroup/${group.id}` };
      },
    },
  ],
  [api.userGroups.members, { call: (c) => ({ url: `/api/userGroup/${c.target.group}/members` }) }],
  [
    api.userGroups.addMember,
    {
      call: (c) => ({
        url: `/api/userGroup/${c.target.group}/members`,
        payload: { email: `member${c.unique()}@example.org` },
      }),
    },
  ],
  [
    api.userGroups.removeMember,
    {
      call: async (c) => {
        const member = await asAdmin(c).must(201, 'POST', `/api/userGroup/${c.target.group}/members`, {
          email: `throwaway${c.unique()}@example.org`,
        });
        return { url: `/api/userGroup/${c.target.group}/members/${member.id}` };
      },
    },
  ],
  [
    api.elevation.profile,
    {
      call: (c) => ({
        url: `${ws(c)}/profile`,
        payload: {
          line: [
            [4.9, 52.37],
            [4.91, 52.38],
          ],
          samples: 2,
        },
      }),
    },
  ],
  [api.dashboard.check, { call: (c) => ({ url: `${ws(c)}/dashboard` }) }],
  [api.audit.mine, { call: () => ({ url: '/api/users/me/events' }) }],
  [api.audit.ofAccount, { call: (c) => ({ url: `/api/accounts/${c.target.account}/events` }) }],
]);
