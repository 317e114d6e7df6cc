import type { TestApp } from '../test/app.js';
import { auth, buildAccount, buildActiveUser, buildWorkspace, loginToken } from '../test/factories.js';
import type { MailServer } from '../test/mail-server.js';

/**
 * One tenant as the fuzzer finds it: an admin signed in, an account with a workspace,
 * a data source, a group of layers with a layer in it, a user group with a member, an
 * editor, an invitation and a live share link. Every id and token is there to be sent
 * back: the tenant's own (the fuzzer is its admin) and, for a second tenant, ids of
 * someone else's objects.
 */
export type FuzzTenant = {
  token: string;
  /** The admin's, to sign in again after a case signed out. */
  login: { username: string; password: string };
  ids: {
    user: number;
    editor: number;
    account: number;
    workspace: number;
    datasource: number;
    group: number;
    layer: number;
    userGroup: number;
    member: number;
    shareLink: number;
    invitation: number;
  };
  shareToken: string;
  email: string;
  name: string;
  editorEmail: string;
};

export async function seedTenant(t: TestApp, mail: MailServer, name: string): Promise<FuzzTenant> {
  const admin = await buildActiveUser(t, mail);
  const editor = await buildActiveUser(t, mail);
  const token = await loginToken(t, admin);
  return restockTenant(t, {
    token,
    login: { username: admin.username, password: admin.password },
    email: admin.email,
    name,
    ids: { user: admin.id, editor: editor.id },
    editorEmail: editor.email,
  });
}

/**
 * The tenant's objects made again for the same two people (a case deleted some of them):
 * a dozen requests, where signing up two people again costs four password hashes.
 */
export async function restockTenant(
  t: TestApp,
  people: Pick<FuzzTenant, 'token' | 'login' | 'email'> & {
    name: string;
    ids: Pick<FuzzTenant['ids'], 'user' | 'editor'>;
    editorEmail: string;
  },
): Promise<FuzzTenant> {
  const { token, name } = people;
  const send = async (
    method: 'POST',
    url: string,
    payload: object,
    orElse?: { id: number },
  ): Promise<{ id: number; token?: string }> => {
    const res = await t.app.inject({ method, url, headers: auth(token), payload });
    if (res.statusCode === 429 && orElse) return orElse;
    if (res.statusCode !== 201) throw new Error(`seeding ${name}: ${method} ${url} → ${res.body}`);
    return res.json() as { id: number; token?: string };
  };
  const account = await buildAccount(t, token, people.ids.user, `${name} account`);
  const workspace = await buildWorkspace(t, token, people.ids.user, account.id, `${name} workspace`);
  const datasource = await send('POST', '/api/datasources', {
    name: `${name} roads`,
    type: 1,
    account: account.id,
    config: { url: 'https://maps.example.org/wms', layers: 'roads', password: 'secret-of-the-tenant' },
  });
  const group = await send('POST', '/api/layers', { workspace: workspace.id, name: `${name} group` });
  const userGroup = await send('POST', '/api/userGroup', { name: `${name} staff`, account: account.id });
  const member = await send('POST', `/api/userGroup/${userGroup.id}/members`, { email: people.editorEmail });
  const layer = await send('POST', '/api/layers', {
    workspace: workspace.id,
    parent: group.id,
    name: `${name} roads`,
    data_source: datasource.id,
    template: JSON.stringify({ opacity: 0.8 }),
    user_groups: [userGroup.id],
  });
  await send('POST', `/api/workspaces/${workspace.id}/editors`, { email: people.editorEmail });
  // Invitations are limited per person and hour: after many restocks, an id nobody has.
  const invitation = await send(
    'POST',
    '/api/invite',
    { workspace: workspace.id, email: `invited-${people.login.username}@example.org` },
    { id: 2_147_483_647 },
  );
  const shareLink = await send('POST', `/api/workspaces/${workspace.id}/share`, { label: name });
  return {
    token,
    login: people.login,
    email: people.email,
    name,
    editorEmail: people.editorEmail,
    shareToken: shareLink.token ?? '',
    ids: {
      ...people.ids,
      account: account.id,
      workspace: workspace.id,
      datasource: datasource.id,
      group: group.id,
      layer: layer.id,
      userGroup: userGroup.id,
      member: member.id,
      shareLink: shareLink.id,
      invitation: invitation.id,
    },
  };
}
