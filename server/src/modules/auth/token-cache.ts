import type { Db } from '../../db/client.js';

/** What authentication needs of a token and its user. */
export type CachedToken = {
  token: { id: number; userId: number; createdAt: Date; lastUsedAt: Date };
  user: { id: number; username: string; email: string; isActive: boolean };
};

/**
 * API tokens already looked up, by the SHA-256 of the token, so that an authenticated
 * request needs no query for its caller. Exactly coherent, never time-based: every write
 * that ends a token or a user's right to one (logout, password change, deactivation,
 * deletion, expiry) forgets that user here at once (the repositories call `forgetUser`),
 * and, on PostgreSQL, announces it with NOTIFY so that every other server process forgets
 * it too (db/client.ts listens). Where that cannot be promised — PostgreSQL while the
 * listening connection is down — the cache is off and every request asks the database.
 */
export class TokenCache {
  #entries = new Map<string, CachedToken>();
  #enabled: boolean;
  /** Bumped by every forget: a lookup that started before one must not store its answer. */
  #epoch = 0;

  constructor(
    enabled: boolean,
    private readonly max = 10_000,
  ) {
    this.#enabled = enabled;
  }

  get epoch() {
    return this.#epoch;
  }

  get(tokenHash: string): CachedToken | undefined {
    return this.#enabled ? this.#entries.get(tokenHash) : undefined;
  }

  /** Stores a lookup's answer unless something was forgotten since it began (`epoch`). */
  set(tokenHash: string, entry: CachedToken, epochAtLookup: number) {
    if (!this.#enabled || epochAtLookup !== this.#epoch) return;
    // Past the bound, the oldest entry goes: a Map iterates in insertion order.
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(tokenHash, entry);
  }

  forgetUser(userId: number) {
    this.#epoch++;
    for (const [hash, entry] of this.#entries) if (entry.user.id === userId) this.#entries.delete(hash);
  }

  /** Turns the cache on or off; either way it starts empty. */
  setEnabled(enabled: boolean) {
    this.#epoch++;
    this.#entries.clear();
    this.#enabled = enabled;
  }
}

const caches = new WeakMap<Db, TokenCache>();

/**
 * The cache of a database connection. On the embedded database one process owns the data,
 * so it is on from the start; on PostgreSQL it waits for its NOTIFY listener (db/client.ts).
 */
export function tokenCacheOf(db: Db, { enabled = false }: { enabled?: boolean } = {}): TokenCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TokenCache(enabled);
    caches.set(db, cache);
  }
  return cache;
}

/** The NOTIFY channel on which processes announce "forget this user's tokens". */
export const authChannel = 'geows_auth';
