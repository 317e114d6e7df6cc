import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { TestUser } from './identity';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * An operator command (`npm run -s admin -- …`, docs/api.md, "Operator commands") on the
 * e2e server's data directory; the running server carries it out. Answers what it printed.
 */
export function admin(...args: string[]): string {
  return execFileSync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

/** A user's API session for preparing data fast: their token and id. */
export type ApiSession = { token: string; userId: number; request: APIRequestContext };

export async function apiSession(request: APIRequestContext, user: TestUser): Promise<ApiSession> {
  const login = await request.post('/auth/login/', {
    data: { username: user.username, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { auth_token: token } = (await login.json()) as { auth_token: string };
  const me = await request.get('/api/users', { headers: { Authorization: `Token ${token}` } });
  const { results } = (await me.json()) as { results: { id: number }[] };
  return { token, userId: results[0]?.id ?? 0, request };
}

export type CreatedAccount = { id: number; name: string; slug: string };
export type CreatedWorkspace = { id: number; name: string };

export async function createAccount(session: ApiSession, name: string): Promise<CreatedAccount> {
  const response = await session.request.post('/api/accounts', {
    headers: { Authorization: `Token ${session.token}` },
    data: { admin: session.userId, name, description: `${name}, made by a test` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedAccount;
}

export async function createWorkspace(
  session: ApiSession,
  account: CreatedAccount,
  name: string,
): Promise<CreatedWorkspace> {
  const response = await session.request.post('/api/workspaces', {
    headers: { Authorization: `Token ${session.token}` },
    data: { admin: session.userId, account: account.id, name, description: `${name}, made by a test` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedWorkspace;
}

/** A name no other test uses, for accounts and workspaces. */
export const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

/** The toolbar's navigation (desktop). */
export const toolbarNav = (page: Page) => page.getByRole('banner').getByRole('navigation');
