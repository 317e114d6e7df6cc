import { datasourceTypeByKey } from '@geows/contract';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../app.js';
import { auth, buildAccount, buildActiveUser, loginToken, type TestUser } from '../factories.js';
import type { MailServer } from '../mail-server.js';
import { multipart } from '../multipart.js';

/** A registered, logged-in user with an account of their own (as everyone who signs up makes one). */
export type Person = TestUser & { token: string; account: number };

/**
 * One tenant as the matrix needs it: an account with a workspace, a data source holding a
 * secret, an uploaded source, a user group with a member, plain and grouped layers, and
 * share links that are live, revoked and expired. Every name carries the tenant's
 * `marker`, so that an answer leaking it to someone else is easy to catch.
 */
export type Tenant = {
  marker: string;
  /** The password kept in `datasource`'s sealed secrets: no answer may ever hold it. */
  secret: string;
  /** Part of the grouped layer's name: only who may see that layer may read it. */
  groupedMarker: string;
  /** Part of the names of a second workspace, a source no layer uses and a second group: the admin's eyes only. */
  adminOnlyMarker: string;
  admin: Person;
  account: number;
  workspace: number;
  /** A WMS source with a user name and password. */
  datasource: number;
  /** A GeoJSON upload: its features are read through this server. */
  uploaded: number;
  /** A top-level layer drawing `uploaded`, for everyone with view rights. */
  layer: number;
  /** A layer drawing `uploaded` that only its group's members (and the admin and editors) see. */
  groupedLayer: number;
  group: number;
  /** The membership of `group` held by the group member (or a pending address). */
  membership: number;
  share: { live: string; liveId: number; revoked: string; expired: string };
};

/** The people around tenant A's workspace, besides its admin. */
export type Cast = {
  editor: Person;
  viewer: Person;
  groupMember: Person;
  groupOutsider: Person;
  /** A user an operator sent to the workspace in demo mode: view rights, as an invited viewer's. */
  demoUser: Person;
  /** Nobody's role: the user an admin adds and removes as an editor in the matrix. */
  spare: Person;
};

const wmsType = datasourceTypeByKey('wms')?.id ?? 1;

export function tenantCalls(t: TestApp) {
  async function call(
    token: string | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    return t.app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }
  /** A call that must succeed with `status`: the fixture is broken otherwise. */
  async function must(
    status: number,
    token: string | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    const res = await call(token, method, url, payload);
    if (res.statusCode !== status)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body} (expected ${status})`);
    return res.body ? res.json() : undefined;
  }

  async function upload(token: string, account: number, name: string) {
    const { url, payload, headers } = uploadCall(account, name, [
      { type: 'Feature', properties: { name }, geometry: { type: 'Point', coordinates: [4.9, 52.4] } },
    ]);
    return t.app.inject({ method: 'POST', url, headers: { ...auth(token), ...headers }, payload });
  }

  return { call, must, upload };
}

/** An upload of a GeoJSON file holding `features`, into `account`, as the browser's form sends it. */
export function uploadCall(account: number, name: string, features: unknown[] = []) {
  const { payload, contentType } = multipart([
    { name: 'name', value: name },
    { name: 'account', value: String(account) },
    {
      name: 'file',
      value: JSON.stringify({ type: 'FeatureCollection', features }),
      filename: 'points.geojson',
      type: 'application/geo+json',
    },
  ]);
  return { url: '/api/datasources/upload', payload, headers: { 'content-type': contentType } };
}

export async function buildPerson(t: TestApp, mail: MailServer, accountName: string): Promise<Person> {
  const user = await buildActiveUser(t, mail);
  const token = await loginToken(t, user);
  const account = await buildAccount(t, token, user.id, accountName);
  return { ...user, token, account: account.id };
}

/** The workspace's current version, which a change of its settings must name. */
export async function workspaceVersion(t: TestApp, token: string, workspace: number): Promise<number> {
  return (await tenantCalls(t).must(200, token, 'GET', `/api/workspaces/${workspace}`)).version;
}

export async function buildTenant(t: TestApp, mail: MailServer, marker: string): Promise<Tenant> {
  const { must, upload } = tenantCalls(t);
  const admin = await buildPerson(t, mail, `${marker} account`);
  const as = admin.token;
  const account = admin.account;
  const workspace = (
    await must(201, as, 'POST', '/api/workspaces', {
      admin: admin.id,
      account,
      name: `${marker} workspace`,
      description: `${marker} description`,
    })
  ).id as number;
  // No elevation profiles: the default one would ask a service on the internet.
  await must(200, as, 'PATCH', `/api/workspaces/${workspace}`, {
    version: await workspaceVersion(t, as, workspace),
    workspacePlugins: JSON.stringify({ elevation: { profiles: [] } }),
  });
  const secret = `${marker}-password-${Math.random().toString(36).slice(2)}`;
  const datasource = (
    await must(201, as, 'POST', '/api/datasources', {
      name: `${marker} wms`,
      type: wmsType,
      account,
      config: {
        url: 'http://127.0.0.1:9/wms',
        layers: 'roads',
        username: `${marker}-user`,
        password: secret,
      },
    })
  ).id as number;
  const uploadedRes = await upload(as, account, `${marker} upload`);
  if (uploadedRes.statusCode !== 201) throw new Error(`upload failed: ${uploadedRes.body}`);
  const uploaded = uploadedRes.json().id as number;
  const group = (await must(201, as, 'POST', '/api/userGroup', { name: `${marker} group`, account }))
    .id as number;
  const layer = (
    await must(201, as, 'POST', '/api/layers', {
      workspace,
      name: `${marker} layer`,
      data_source: uploaded,
    })
  ).id as number;
  await must(201, as, 'POST', '/api/layers', {
    workspace,
    name: `${marker} wms layer`,
    data_source: datasource,
  });
  const groupedMarker = `${marker}-grouped-only`;
  const groupedLayer = (
    await must(201, as, 'POST', '/api/layers', {
      workspace,
      name: `${groupedMarker} layer`,
      data_source: uploaded,
      user_groups: [group],
    })
  ).id as number;
  const live = await must(201, as, 'POST', `/api/workspaces/${workspace}/share`, { label: `${marker} live` });
  const revoked = await must(201, as, 'POST', `/api/workspaces/${workspace}/share`, { label: 'revoked' });
  await must(204, as, 'DELETE', `/api/workspaces/${workspace}/share/${revoked.id}`);
  const expired = await must(201, as, 'POST', `/api/workspaces/${workspace}/share`, { label: 'expired' });
  await t.database.db.execute(
    sql`update share_links set expires_at = now() - interval '1 day' where id = ${expired.id}`,
  );
  const adminOnlyMarker = `${marker}-admin-only`;
  await must(201, as, 'POST', '/api/workspaces', {
    admin: admin.id,
    account,
    name: `${adminOnlyMarker} workspace`,
    description: 'Nobody else works here',
  });
  await must(201, as, 'POST', '/api/datasources', {
    name: `${adminOnlyMarker} wms`,
    type: wmsType,
    account,
    config: { url: 'http://127.0.0.1:9/private', layers: 'parcels' },
  });
  await must(201, as, 'POST', '/api/userGroup', { name: `${adminOnlyMarker} group`, account });
  const membership = (
    await must(201, as, 'POST', `/api/userGroup/${group}/members`, { email: `pending-${marker}@example.org` })
  ).id as number;
  return {
    marker,
    secret,
    groupedMarker,
    adminOnlyMarker,
    admin,
    account,
    workspace,
    datasource,
    uploaded,
    layer,
    groupedLayer,
    group,
    membership,
    share: { live: live.token, liveId: live.id, revoked: revoked.token, expired: expired.token },
  };
}

/**
 * Gives tenant `a` its editor, its invited viewer, a group member who is invited and one
 * who is not, and a demo user (through the operator's door, which needs its secret).
 */
export async function buildCast(
  t: TestApp,
  mail: MailServer,
  a: Tenant,
  operatorSecret: string,
): Promise<Cast> {
  const { must } = tenantCalls(t);
  const as = a.admin.token;
  const [editor, viewer, groupMember, groupOutsider, demoUser, spare] = await Promise.all(
    ['editor', 'viewer', 'group member', 'group outsider', 'demo user', 'spare'].map((role) =>
      buildPerson(t, mail, `personal account of the ${role}`),
    ),
  );
  if (!editor || !viewer || !groupMember || !groupOutsider || !demoUser || !spare)
    throw new Error('cast incomplete');
  const demo = await t.app.inject({
    method: 'POST',
    url: '/api/operator',
    headers: { 'x-operator-secret': operatorSecret },
    payload: { command: 'demo set', options: {}, positionals: [demoUser.username, String(a.workspace)] },
  });
  if (demo.statusCode !== 200) throw new Error(`demo set failed: ${demo.body}`);
  await must(201, as, 'POST', `/api/workspaces/${a.workspace}/editors`, { email: editor.email });
  for (const invitee of [viewer, groupMember])
    await must(201, as, 'POST', '/api/invite', { workspace: a.workspace, email: invitee.email });
  for (const member of [groupMember, groupOutsider])
    await must(201, as, 'POST', `/api/userGroup/${a.group}/members`, { email: member.email });
  return { editor, viewer, groupMember, groupOutsider, demoUser, spare };
}
