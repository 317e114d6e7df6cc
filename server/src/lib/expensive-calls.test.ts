import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { createExpensiveCalls } from './expensive-calls.js';

const limits = { perUser: 2, perAccount: 3, total: 5 };

/** The 429 a call throws: its detail and Retry-After. */
function refusal(call: () => unknown): { detail: string; retryAfter: string | undefined } {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.statusCode).toBe(429);
    return { detail: String(http.body?.detail), retryAfter: http.headers?.['Retry-After'] };
  }
  throw new Error('The call was not refused');
}

describe('expensive calls', () => {
  it('lets a user have perUser calls in flight, refuses one more with 429 and Retry-After, and frees the place on release', () => {
    const calls = createExpensiveCalls(limits, { what: 'uploads' });
    const first = calls.acquire({ user: 1 });
    calls.acquire({ user: 1 });
    const refused = refusal(() => calls.acquire({ user: 1 }));
    expect(refused.detail).toMatch(/^You already have 2 uploads in progress.* Try again in \d+ seconds?\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    // Someone else is not affected.
    calls.acquire({ user: 2 });
    first.release();
    first.release();
    calls.acquire({ user: 1 });
    expect(calls.inFlight()).toEqual({ total: 3, users: 2, accounts: 0 });
  });

  it('limits an account whichever of its users calls, also when the account is known only later', () => {
    const calls = createExpensiveCalls(limits, { what: 'uploads' });
    calls.acquire({ user: 1, account: 7 });
    calls.acquire({ user: 2, account: 7 });
    const late = calls.acquire({ user: 3 });
    late.forAccount(7);
    late.forAccount(7);
    expect(refusal(() => calls.acquire({ user: 4, account: 7 })).detail).toMatch(
      /^This account already has 3 uploads in progress/,
    );
    const other = calls.acquire({ user: 4 });
    expect(refusal(() => other.forAccount(7)).detail).toMatch(/^This account/);
    // Refused halfway, the call still holds its user's place until released.
    expect(calls.inFlight()).toEqual({ total: 4, users: 4, accounts: 1 });
    other.release();
    late.release();
    calls.acquire({ user: 4, account: 7 });
    expect(calls.inFlight()).toEqual({ total: 3, users: 3, accounts: 1 });
  });

  it('has a ceiling for the whole process, and a refused call holds nothing', () => {
    const calls = createExpensiveCalls(limits, { what: 'uploads' });
    for (let user = 1; user <= 5; user++) calls.acquire({ user });
    expect(refusal(() => calls.acquire({ user: 6, account: 1 })).detail).toMatch(
      /^The server is busy with other uploads\./,
    );
    expect(calls.inFlight()).toEqual({ total: 5, users: 5, accounts: 0 });
  });

  it('run() releases however the work ends', async () => {
    const calls = createExpensiveCalls(limits, { what: 'uploads' });
    await expect(
      calls.run({ user: 1, account: 2 }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const done = await calls.run({ user: 1 }, async (slot) => {
      slot.forAccount(2);
      return 'done';
    });
    expect(done).toBe('done');
    expect(calls.inFlight()).toEqual({ total: 0, users: 0, accounts: 0 });
  });

  it('tells refused callers to wait about as long as such calls take, from 1 to 60 seconds', () => {
    let clock = 0;
    const calls = createExpensiveCalls(
      { perUser: 1, perAccount: 1, total: 1 },
      { what: 'checks', now: () => clock },
    );
    const retryAfter = () => Number(refusal(() => calls.acquire({ user: 1 })).retryAfter);
    for (let i = 0; i < 30; i++) {
      const slot = calls.acquire({ user: 1 });
      clock += 12_000;
      slot.release();
    }
    calls.acquire({ user: 1 });
    expect(retryAfter()).toBe(12);
    const slow = createExpensiveCalls(
      { perUser: 1, perAccount: 1, total: 1 },
      { what: 'checks', now: () => clock },
    );
    const once = slow.acquire({ user: 1 });
    clock += 10_000_000;
    once.release();
    slow.acquire({ user: 1 });
    expect(Number(refusal(() => slow.acquire({ user: 1 })).retryAfter)).toBe(60);
  });
});
