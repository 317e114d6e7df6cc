import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { sha256 } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { type ClientInfo, clientOf } from '../audit/client-info.js';
import { deleteAuthToken, findAuthToken, findAuthTokenById, touchAuthToken } from './auth.repository.js';
import { authChannel, tokenCacheOf } from './token-cache.js';

export type AuthedUser = {
  id: number;
  username: string;
  email: string;
  tokenId: number;
  /** Where the request came from, for the audit trail; absent for a session checked outside one. */
  client?: ClientInfo;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthedUser | null;
  }
}

const unauthenticated = (detail: string) =>
  new HttpError(401, detail, { detail }, { 'WWW-Authenticate': 'Token' });

type TokenTimes = { createdAt: Date; lastUsedAt: Date };
const expired = (config: AppContext['config'], token: TokenTimes, now: number) =>
  now - token.lastUsedAt.getTime() > config.tokenIdleMs ||
  now - token.createdAt.getTime() > config.tokenMaxAgeMs;

/**
 * The user of a login session (an API token, by id) while it lives: not logged out, not
 * revoked by a password change, not expired, its user still active; otherwise null.
 * For grants handed out under a login (the layer proxy's capabilities), which must die
 * with it. It does not count as a use of the token.
 */
export function createSessionCheck(ctx: Pick<AppContext, 'db' | 'config'>) {
  return async function liveSession(tokenId: number, userId: number): Promise<AuthedUser | null> {
    const row = await findAuthTokenById(ctx.db, tokenId);
    if (!row || row.user.id !== userId || !row.user.isActive || expired(ctx.config, row.token, Date.now()))
      return null;
    return { id: row.user.id, username: row.user.username, email: row.user.email, tokenId: row.token.id };
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;

/** `Authorization: Token <token>` (DRF's TokenAuthentication), with idle and absolute expiry. */
export function createAuthenticator(ctx: Pick<AppContext, 'db' | 'config' | 'database'>) {
  // Tokens already seen need no query (modules/auth/token-cache.ts says why that stays exact).
  const cache = tokenCacheOf(ctx.db);
  ctx.database.listen(
    authChannel,
    (payload) => cache.forgetUser(Number(payload)),
    (reliable) => cache.setEnabled(reliable),
  );

  async function lookUp(tokenHash: string) {
    const cached = cache.get(tokenHash);
    if (cached) return cached;
    const epoch = cache.epoch;
    const row = await findAuthToken(ctx.db, tokenHash);
    if (row) cache.set(tokenHash, row, epoch);
    return row;
  }

  return async function authenticate(request: FastifyRequest): Promise<AuthedUser> {
    const header = request.headers.authorization;
    if (!header) throw unauthenticated('Authentication credentials were not provided.');
    const match = /^Token\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(header);
    if (!match?.[1]) throw unauthenticated('Invalid token header.');
    const tokenHash = sha256(match[1]);
    const row = await lookUp(tokenHash);
    if (!row?.user.isActive) throw unauthenticated('Invalid token.');
    const now = Date.now();
    if (expired(ctx.config, row.token, now)) {
      await deleteAuthToken(ctx.db, row.token.id, row.user.id);
      throw unauthenticated('Token has expired.');
    }
    // One write a minute at most: "last used" needs no finer grain than the idle expiry.
    if (now - row.token.lastUsedAt.getTime() > 60_000) {
      await touchAuthToken(ctx.db, row.token.id);
      row.token.lastUsedAt = new Date(now);
    }
    const user: AuthedUser = {
      id: row.user.id,
      username: row.user.username,
      email: row.user.email,
      tokenId: row.token.id,
      // Only the audit trail reads it, on a few writes: reads need not derive the address.
      get client() {
        return clientOf(request);
      },
    };
    request.user = user;
    return user;
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('user', null);
}

/** The user that authentication put on the request (endpoints with `auth: 'token'`). */
export function userOf(request: FastifyRequest): AuthedUser {
  if (!request.user) throw new HttpError(401, 'Authentication credentials were not provided.');
  return request.user;
}
