import type { TestApp } from './app.js';
import { linkIn, type MailServer } from './mail-server.js';

let sequence = 0;

export type TestUser = { id: number; username: string; email: string; password: string };

export function userInput(overrides: Partial<Omit<TestUser, 'id'>> = {}) {
  sequence += 1;
  const username = overrides.username ?? `user${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username,
    email: overrides.email ?? `${username}@example.org`,
    password: overrides.password ?? 'Correct-Horse-Battery-9',
  };
}

/** Registers through the API and opens the activation link from the mail, as a person would. */
export async function buildActiveUser(
  t: TestApp,
  mail: MailServer,
  overrides: Partial<Omit<TestUser, 'id'>> = {},
): Promise<TestUser> {
  const input = userInput(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const link = linkIn(await mail.nextMail(input.email, /Activate/), '/activation/');
  const [uid, token] = new URL(link).pathname.split('/').slice(2);
  const activated = await t.app.inject({ url: `/api/activate/${uid}/${token}/` });
  if (activated.body !== 'Activated') throw new Error(`activation failed: ${activated.body}`);
  return { id: res.json().id, ...input };
}

export async function loginToken(t: TestApp, user: Pick<TestUser, 'username' | 'password'>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { username: user.username, password: user.password },
  });
  const token = res.json().auth_token;
  if (!token) throw new Error(`login failed: ${res.body}`);
  return token;
}

export const auth = (token: string) => ({ authorization: `Token ${token}` });

export async function buildAccount(t: TestApp, token: string, userId: number, name = 'Acme Maps') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts',
    headers: auth(token),
    payload: { admin: userId, name, description: `${name} description` },
  });
  if (res.statusCode !== 201) throw new Error(`account failed: ${res.body}`);
  return res.json() as { id: number; slug: string; name: string };
}

export async function buildWorkspace(
  t: TestApp,
  token: string,
  userId: number,
  accountId: number,
  name = 'Harbour 3D',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workspaces',
    headers: auth(token),
    payload: { admin: userId, account: accountId, name, description: `${name} description` },
  });
  if (res.statusCode !== 201) throw new Error(`workspace failed: ${res.body}`);
  return res.json() as { id: number; name: string };
}
