import { HttpError } from './errors.js';

/**
 * How many expensive calls may be in flight at once: per user, per account, and in the whole
 * process. A call over any of them is refused at once with 429 and a `Retry-After`, rather than
 * queued: one user's twenty uploads must not make everyone else's requests wait.
 *
 * The counts live in this process's memory, unlike the throttling counters (which are in the
 * database so that every process sees them): a request in flight lives in exactly one process
 * and ends with it, so there is nothing to share and nothing to clean up after a crash. With N
 * server processes (WORKERS, or a load balancer) a user may have up to N × `perUser` in flight,
 * which is fine: the point is to bound each process's memory and CPU, and that bound holds.
 */
export type ExpensiveCallLimits = {
  /** Calls one user (or any other caller key, e.g. a share link) may have in flight. */
  perUser: number;
  /** Calls on behalf of one account, whichever of its users makes them. */
  perAccount: number;
  /** Calls in flight in this process, whoever makes them. */
  total: number;
};

/** Who a call is for: keys are compared as strings, so ids and tokens may be mixed. */
export type CallerKeys = { user: string | number; account?: string | number | undefined };

/** One call's place; `release` gives it back (more than once is harmless). */
export type CallSlot = {
  /**
   * Counts the call against `account` too, once it is known (an upload names its account in
   * a form field that may come after the file). Throws the 429 when that account is full;
   * the slot keeps what it holds until released.
   */
  forAccount(account: string | number): void;
  release(): void;
};

export type ExpensiveCalls = {
  /** Takes a slot for the caller, or throws a 429 `HttpError` naming which limit is reached. */
  acquire(keys: CallerKeys): CallSlot;
  /** `acquire`, then `work`, and the slot released however `work` ends. */
  run<T>(keys: CallerKeys, work: (slot: CallSlot) => Promise<T>): Promise<T>;
  /** What is in flight now (tests, diagnostics). */
  inFlight(): { total: number; users: number; accounts: number };
};

/** The first guess for Retry-After, before any call has finished: a few seconds. */
const INITIAL_ESTIMATE_MS = 3_000;
const MAX_RETRY_AFTER_SECONDS = 60;

/**
 * A limiter for one kind of expensive call. `what` names the calls in the 429's text, plural
 * ("data source checks and uploads"). Limits below 1 count as 1.
 */
export function createExpensiveCalls(
  limits: ExpensiveCallLimits,
  { what, now = () => Date.now() }: { what: string; now?: () => number },
): ExpensiveCalls {
  const perUser = Math.max(1, Math.floor(limits.perUser));
  const perAccount = Math.max(1, Math.floor(limits.perAccount));
  const total = Math.max(1, Math.floor(limits.total));
  const users = new Map<string, number>();
  const accounts = new Map<string, number>();
  let inFlight = 0;
  // How long such calls take, smoothed: what a refused caller is told to wait.
  let typicalMs = INITIAL_ESTIMATE_MS;

  const retryAfter = () => Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(typicalMs / 1000)));
  const refuse = (reason: string) => {
    const seconds = retryAfter();
    const detail = `${reason} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
    return new HttpError(429, detail, { detail }, { 'Retry-After': String(seconds) });
  };
  const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const decrement = (map: Map<string, number>, key: string) => {
    const count = (map.get(key) ?? 0) - 1;
    if (count > 0) map.set(key, count);
    else map.delete(key);
  };
  const accountFull = (account: string) => (accounts.get(account) ?? 0) >= perAccount;
  const accountRefusal = () =>
    refuse(`This account already has ${perAccount} ${what} in progress, the most it may have at once.`);

  function acquire(keys: CallerKeys): CallSlot {
    const user = String(keys.user);
    const account = keys.account === undefined ? undefined : String(keys.account);
    // Every limit is checked before anything is counted: a refused call holds nothing.
    if ((users.get(user) ?? 0) >= perUser)
      throw refuse(`You already have ${perUser} ${what} in progress, the most you may have at once.`);
    if (account !== undefined && accountFull(account)) throw accountRefusal();
    if (inFlight >= total) throw refuse(`The server is busy with other ${what}.`);
    inFlight++;
    increment(users, user);
    const held = new Set<string>();
    if (account !== undefined) {
      increment(accounts, account);
      held.add(account);
    }
    const started = now();
    let released = false;
    let refused = false;
    return {
      forAccount(next) {
        const key = String(next);
        if (released || held.has(key)) return;
        if (accountFull(key)) {
          refused = true;
          throw accountRefusal();
        }
        increment(accounts, key);
        held.add(key);
      },
      release() {
        if (released) return;
        released = true;
        inFlight--;
        decrement(users, user);
        for (const key of held) decrement(accounts, key);
        // A call refused halfway says nothing about how long such calls take.
        if (!refused) typicalMs = 0.8 * typicalMs + 0.2 * (now() - started);
      },
    };
  }

  return {
    acquire,
    async run(keys, work) {
      const slot = acquire(keys);
      try {
        return await work(slot);
      } finally {
        slot.release();
      }
    },
    inFlight: () => ({ total: inFlight, users: users.size, accounts: accounts.size }),
  };
}
