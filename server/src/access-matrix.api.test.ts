import { allEndpoints, type Endpoint } from '@geows/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from './lib/crypto.js';
import { routeAccess } from './lib/route-access.js';
import { type Call, type Caller, type Recipe, recipes } from './test/access/calls.js';
import {
  addressesAnObject,
  type CallerKind,
  callerKinds,
  expectedAnswer,
} from './test/access/expectations.js';
import {
  accountFilters,
  foreignChildren,
  foreignReferences,
  hiddenWorkspaces,
} from './test/access/probes.js';
import {
  buildCast,
  buildPerson,
  buildTenant,
  type Cast,
  type Tenant,
  tenantCalls,
  uploadCall,
  workspaceVersion,
} from './test/access/tenants.js';
import { judge, leaksTo, named } from './test/access/verdicts.js';
import { createTestApp, type TestApp } from './test/app.js';
import { auth, loginToken } from './test/factories.js';
import { type MailServer, startMailServer } from './test/mail-server.js';

/**
 * The access matrix (OWASP ASVS 5.0 V8.2.1–V8.2.3, V8.4.1): every route the server
 * registers has a declared rule, and every endpoint answers every kind of caller as its
 * rule says — on tenant A's objects, and with tenant B's ids in paths, filters and
 * bodies — without a byte of data the caller may not see.
 */

let t: TestApp;
let mail: MailServer;
let a: Tenant;
let b: Tenant;
let cast: Cast;
let callers: Caller[];
const registered: { method: string; url: string }[] = [];
let sequence = 0;
const unique = () => `${++sequence}${Math.random().toString(36).slice(2, 6)}`;
const tenants = () => ({ a, b });

beforeAll(async () => {
  mail = await startMailServer();
  const operatorSecret = randomToken();
  t = await createTestApp(
    { SMTP_URL: mail.url, AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
    {},
    {
      operatorSecret,
      onRoute: (route) => {
        for (const method of [route.method].flat()) registered.push({ method, url: route.url });
      },
    },
  );
  [a, b] = await Promise.all([buildTenant(t, mail, 'tenant-a'), buildTenant(t, mail, 'tenant-b')]);
  cast = await buildCast(t, mail, a, operatorSecret);
  const ended = await loginToken(t, cast.viewer);
  await tenantCalls(t).must(200, ended, 'GET', '/api/auth/logout');
  const person: Partial<Record<CallerKind, Caller['person']>> = {
    stranger: b.admin,
    groupOutsider: cast.groupOutsider,
    viewer: cast.viewer,
    groupMember: cast.groupMember,
    demoUser: cast.demoUser,
    editor: cast.editor,
    admin: a.admin,
    loggedOut: { ...cast.viewer, token: ended },
  };
  const share: Partial<Record<CallerKind, string>> = {
    liveShare: a.share.live,
    revokedShare: a.share.revoked,
    expiredShare: a.share.expired,
  };
  callers = callerKinds.map((kind) => ({ kind, person: person[kind], shareToken: share[kind] }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const withQuery = (url: string, key: string, value: string) =>
  `${url}${url.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;

/** Makes one recipe's call as `caller`, on `target`'s objects. */
async function send(
  endpoint: Endpoint,
  recipe: Recipe,
  caller: Caller,
  target: Tenant,
  method: Endpoint['method'] | 'HEAD' = endpoint.method,
) {
  const call: Call = await recipe.call({ t, target, cast, caller, unique });
  // An ended session stays ended: only a live one is renewed for a call that ends it.
  const renew = recipe.freshSession && caller.kind !== 'loggedOut';
  const token = caller.person && renew ? await loginToken(t, caller.person) : caller.person?.token;
  const res = await t.app.inject({
    method,
    url: caller.shareToken ? withQuery(call.url, 'token', caller.shareToken) : call.url,
    headers: { ...(token ? auth(token) : {}), ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
  });
  return { res, ok: call.ok ?? [endpoint.status] };
}

const recipeOf = (endpoint: Endpoint): Recipe => {
  const recipe = recipes.get(endpoint);
  if (!recipe) throw new Error(`${named(endpoint)} has no call in server/src/test/access/calls.ts`);
  return recipe;
};

/** The addresses in GET /api/layers/sources that carry a grant (a capability) for the map engine. */
const grantsIn = (sources: { results: { config: { url?: string } }[] }) =>
  sources.results
    .map((source) => source.config.url ?? '')
    .filter((url) => url.includes('capability=') || url.includes('/proxy/'));

describe('every route declares who may call it', () => {
  it('has a rule for each route the server registered', () => {
    expect(registered.length).toBeGreaterThan(allEndpoints.length);
    const undeclared = registered.filter((route) => !routeAccess(route.method, route.url));
    expect(undeclared).toEqual([]);
  });

  it("keeps each endpoint's authentication in step with its rule", () => {
    const authFor = (endpoint: Endpoint) =>
      endpoint.access === 'public'
        ? ['none', 'optional']
        : endpoint.access === 'workspace-viewer'
          ? ['optional']
          : ['token'];
    const mismatched = allEndpoints
      .filter((endpoint) => !authFor(endpoint).includes(endpoint.auth))
      .map((endpoint) => `${named(endpoint)}: ${endpoint.access} with auth ${endpoint.auth}`);
    expect(mismatched).toEqual([]);
  });

  it('has a call for every endpoint of the contract', () => {
    expect(allEndpoints.filter((endpoint) => !recipes.has(endpoint)).map(named)).toEqual([]);
  });
});

describe('the matrix on one tenant', () => {
  it("answers every kind of caller as the endpoint's rule says, and leaks nothing", async () => {
    const wrong: string[] = [];
    for (const endpoint of allEndpoints) {
      const recipe = recipeOf(endpoint);
      if (recipe.final !== undefined) continue;
      for (const caller of callers) {
        const answer = await send(endpoint, recipe, caller, a);
        const expected = expectedAnswer(endpoint.access, caller.kind);
        const verdict = judge(named(endpoint), caller.kind, expected, answer, tenants());
        if (verdict) wrong.push(verdict);
        // HEAD runs the GET's handler: the same refusal, never a way round it.
        if (endpoint.method !== 'GET') continue;
        const head = await send(endpoint, recipe, caller, a, 'HEAD');
        if (head.res.statusCode !== answer.res.statusCode)
          wrong.push(
            `HEAD ${endpoint.path} as ${caller.kind}: ${head.res.statusCode}, GET ${answer.res.statusCode}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("shows a group's layers to its invited members, the admin and the editors only", async () => {
    const { call } = tenantCalls(t);
    const tree = async (token: string | undefined, query: string) =>
      (await call(token, 'GET', `/api/layers?${query}`)).body;
    const mine = `workspace=${a.workspace}`;
    expect(await tree(cast.groupMember.token, mine)).toContain(a.groupedMarker);
    expect(await tree(cast.editor.token, mine)).toContain(a.groupedMarker);
    expect(await tree(cast.viewer.token, mine)).not.toContain(a.groupedMarker);
    expect(await tree(undefined, `token=${a.share.live}`)).not.toContain(a.groupedMarker);
    const features = async (token: string | undefined, query = '') =>
      (await call(token, 'GET', `/api/layers/${a.groupedLayer}/features${query}`)).statusCode;
    expect(await features(cast.groupMember.token)).toBe(200);
    expect(await features(cast.viewer.token)).toBe(404);
    expect(await features(undefined, `?token=${a.share.live}`)).toBe(404);
  });

  it('lets the invitee decline an invitation, which a viewer of the workspace may not withdraw', async () => {
    const { must, call } = tenantCalls(t);
    const invitation = await must(201, a.admin.token, 'POST', '/api/invite', {
      workspace: a.workspace,
      email: cast.spare.email,
    });
    expect((await call(cast.viewer.token, 'DELETE', `/api/invite/${invitation.id}`)).statusCode).toBe(403);
    expect((await call(cast.spare.token, 'DELETE', `/api/invite/${invitation.id}`)).statusCode).toBe(204);
  });
});

describe('grants the map fetches with', () => {
  it('die with the invitation, the session or the share link they were issued under', async () => {
    const { must, call } = tenantCalls(t);
    const as = a.admin.token;
    const passerBy = await buildPerson(t, mail, 'personal account of a passer-by');
    const invitation = await must(201, as, 'POST', '/api/invite', {
      workspace: a.workspace,
      email: passerBy.email,
    });
    const session = await loginToken(t, passerBy);
    const link = await must(201, as, 'POST', `/api/workspaces/${a.workspace}/share`, {
      label: 'short-lived',
    });
    const sources = (token: string | undefined, query: string) =>
      must(200, token, 'GET', `/api/layers/sources?${query}`);
    const issued = {
      invitation: grantsIn(await sources(passerBy.token, `workspace=${a.workspace}`)),
      session: grantsIn(await sources(session, `workspace=${a.workspace}`)),
      link: grantsIn(await sources(undefined, `token=${link.token}`)),
    };
    for (const urls of Object.values(issued)) expect(urls.length).toBeGreaterThan(0);
    await must(204, as, 'DELETE', `/api/invite/${invitation.id}`);
    await must(200, session, 'GET', '/api/auth/logout');
    await must(204, as, 'DELETE', `/api/workspaces/${a.workspace}/share/${link.id}`);
    const wrong: string[] = [];
    for (const [lost, urls] of Object.entries(issued))
      for (const url of urls) {
        const { statusCode } = await call(undefined, 'GET', url);
        if (statusCode !== 403 && statusCode !== 404)
          wrong.push(`after the ${lost} ended, ${url}: ${statusCode}`);
      }
    expect(wrong).toEqual([]);
  });

  it("are refused on another tenant's layers, as is the operator's door to everyone", async () => {
    const { must, call } = tenantCalls(t);
    const sources = await must(200, a.admin.token, 'GET', `/api/layers/sources?workspace=${a.workspace}`);
    const grants = grantsIn(sources).map((url) =>
      decodeURIComponent(/(?:capability=|\/proxy\/)([^/&]+)/.exec(url)?.[1] ?? ''),
    );
    expect(grants.length).toBeGreaterThan(1);
    const status = async (url: string) => (await call(undefined, 'GET', url)).statusCode;
    const refused = expectedAnswer('layer-capability', 'admin');
    for (const grant of grants)
      for (const layer of [b.layer, b.groupedLayer]) {
        expect(await status(`/api/layers/${layer}/proxy/${grant}/wms`)).toBe(refused);
        expect(await status(`/api/layers/${layer}/features?capability=${encodeURIComponent(grant)}`)).toBe(
          refused,
        );
      }
    expect(await status(`/api/layers/${a.layer}/proxy/not-a-grant/wms`)).toBe(refused);
    for (const caller of callers) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/operator',
        headers: { ...(caller.person ? auth(caller.person.token) : {}), 'x-operator-secret': 'guess' },
        payload: { command: 'user', options: {}, positionals: ['list'] },
      });
      expect(res.statusCode, caller.kind).toBe(expectedAnswer('operator', caller.kind));
    }
  });
});

describe("another tenant's ids", () => {
  it('answer 404 in paths, as if they did not exist', async () => {
    const wrong: string[] = [];
    const probing = callers.filter((caller) => caller.kind === 'admin' || caller.kind === 'editor');
    for (const endpoint of allEndpoints.filter((e) => addressesAnObject(e.access)))
      for (const caller of probing) {
        const answer = await send(endpoint, recipeOf(endpoint), caller, b);
        const verdict = judge(`${named(endpoint)} on ${b.marker}'s ids`, caller.kind, 404, answer, tenants());
        if (verdict) wrong.push(verdict);
      }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('find nothing through query filters, and their share token opens no other workspace', async () => {
    const { call } = tenantCalls(t);
    const wrong: string[] = [];
    for (const url of accountFilters(a, b)) {
      const res = await call(a.admin.token, 'GET', url);
      const empty = res.statusCode === 200 && res.json().count === 0;
      if (!empty && res.statusCode !== 400 && res.statusCode !== 404)
        wrong.push(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      wrong.push(...leaksTo('admin', res.body, tenants()).map((leak) => `${url} leaked ${leak}`));
    }
    for (const probe of hiddenWorkspaces(a, b)) {
      const res = await call(probe.login ? a.admin.token : undefined, probe.method, probe.url, probe.payload);
      if (res.statusCode !== 404) wrong.push(`${probe.method} ${probe.url}: ${res.statusCode}, expected 404`);
      wrong.push(...leaksTo('admin', res.body, tenants()).map((leak) => `${probe.url} leaked ${leak}`));
    }
    expect(wrong).toEqual([]);
  });

  it('are refused in bodies, naming the field', async () => {
    const { call } = tenantCalls(t);
    const as = a.admin.token;
    const wrong: string[] = [];
    for (const probe of foreignReferences(a, b)) {
      const res = await call(
        as,
        probe.method,
        probe.url,
        probe.body(await workspaceVersion(t, as, a.workspace)),
      );
      if (res.statusCode !== 400 || !(probe.field in res.json()))
        wrong.push(
          `${probe.method} ${probe.url} with ${probe.field} of ${b.marker}: ${res.statusCode} ${res.body}`,
        );
    }
    const upload = uploadCall(b.account, 'x');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: upload.url,
      headers: { ...auth(as), ...upload.headers },
      payload: upload.payload,
    });
    if (uploaded.statusCode !== 400 || !('account' in uploaded.json()))
      wrong.push(`upload into ${b.marker}'s account: ${uploaded.statusCode} ${uploaded.body}`);
    // A stored source lends its secrets to the inspection: another tenant's is not there at all.
    const inspected = await call(as, 'POST', '/api/datasources/inspect', {
      type: 1,
      config: { url: 'http://127.0.0.1:9/' },
      datasource: b.datasource,
    });
    if (inspected.statusCode !== 404)
      wrong.push(`inspect with ${b.marker}'s source: ${inspected.statusCode} ${inspected.body}`);
    expect(wrong).toEqual([]);
  });

  it("answer 404 under one's own objects", async () => {
    const { call } = tenantCalls(t);
    for (const url of foreignChildren(a, b))
      expect((await call(a.admin.token, 'DELETE', url)).statusCode, url).toBe(404);
  });

  it("leave the other tenant's objects as they were", async () => {
    const { must, call } = tenantCalls(t);
    const as = b.admin.token;
    expect((await must(200, as, 'GET', `/api/workspaces/${b.workspace}`)).name).toBe(`${b.marker} workspace`);
    expect(
      (await call(undefined, 'GET', `/api/workspaces/${b.workspace}?token=${b.share.live}`)).statusCode,
    ).toBe(200);
    const tree = JSON.stringify(await must(200, as, 'GET', `/api/layers?workspace=${b.workspace}`));
    for (const name of [`${b.marker} layer`, `${b.groupedMarker} layer`, `${b.marker} wms layer`])
      expect(tree).toContain(name);
    expect((await must(200, as, 'GET', `/api/datasources/${b.datasource}`)).name).toBe(`${b.marker} wms`);
    const members = await must(200, as, 'GET', `/api/userGroup/${b.group}/members`);
    expect(members.results.map((member: { id: number }) => member.id)).toContain(b.membership);
  });
});

describe('deletions, last', () => {
  it('answer every caller as the rule says, the one allowed last', async () => {
    const wrong: string[] = [];
    const allowedLast = [...callers].sort((x, y) => Number(x.kind === 'admin') - Number(y.kind === 'admin'));
    const finals = allEndpoints
      .filter((endpoint) => recipeOf(endpoint).final !== undefined)
      .sort((x, y) => (recipeOf(x).final ?? 0) - (recipeOf(y).final ?? 0));
    expect(finals.length).toBeGreaterThan(0);
    for (const endpoint of finals)
      for (const caller of allowedLast) {
        const answer = await send(endpoint, recipeOf(endpoint), caller, a);
        const expected = expectedAnswer(endpoint.access, caller.kind);
        const verdict = judge(named(endpoint), caller.kind, expected, answer, tenants());
        if (verdict) wrong.push(verdict);
      }
    expect(wrong).toEqual([]);
  });
});
