import type { TestApp } from '../test/app.js';
import { auth, loginToken } from '../test/factories.js';
import type { MailServer } from '../test/mail-server.js';
import { leakIn } from './answer-checks.js';
import { type ConcreteRequest, concreteRequest, endpointNamed, type FuzzCase } from './fuzz-requests.js';
import { restockTenant, seedTenant } from './fuzz-tenant.js';
import type { Tenants } from './tenant-refs.js';

/**
 * The server under fuzzing and the two tenants in it. `send` answers what is wrong with
 * the answer to a case (a 5xx, a leak, an unhandled rejection since the last case), or
 * undefined; the message shows the request as sent.
 */
export type FuzzSession = {
  tenants: Tenants;
  send(fuzz: FuzzCase): Promise<string | undefined>;
  /** What is wrong with the server after the run: its health, a plain read, rejections. */
  healthProblem(): Promise<string | undefined>;
  requests: number;
  /** Per endpoint: how many cases, their answers by status class, and the time they took. */
  stats: Map<string, { cases: number; statuses: Record<string, number>; ms: number }>;
  /** How often tenant A was restocked or seeded again, and the time that took. */
  reseeds: { count: number; ms: number };
  stop(): void;
};

export async function startFuzzSession(t: TestApp, mail: MailServer): Promise<FuzzSession> {
  const tenants: Tenants = { A: await seedTenant(t, mail, 'Alpha'), B: await seedTenant(t, mail, 'Bravo') };
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  /** What the last case may have taken from tenant A: its admin (seed anew), its objects (restock), its session (sign in). */
  let reseed = false;
  let restock = false;
  let signIn = false;

  const rejectionProblem = () => {
    if (rejections.length === 0) return undefined;
    const reason = rejections.splice(0)[0];
    return `an unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`;
  };

  const session: FuzzSession = {
    tenants,
    requests: 0,
    stats: new Map(),
    reseeds: { count: 0, ms: 0 },
    async send(fuzz) {
      if (signIn && !reseed) {
        try {
          tenants.A.token = await loginToken(t, tenants.A.login);
        } catch {
          reseed = true;
        }
        signIn = false;
      }
      if (reseed || restock) {
        const started = performance.now();
        tenants.A = reseed ? await seedTenant(t, mail, 'Alpha') : await restockTenant(t, tenants.A);
        session.reseeds.count++;
        session.reseeds.ms += performance.now() - started;
        reseed = restock = false;
      }
      const request = concreteRequest(fuzz, tenants);
      const started = performance.now();
      const res = await answerWithin(t.app.inject(request), ANSWER_WITHIN_MS);
      if (!res) return `no answer within ${ANSWER_WITHIN_MS / 1000} seconds\n${describe(request)}`;
      session.requests++;
      const stat = session.stats.get(fuzz.endpoint) ?? { cases: 0, statuses: {}, ms: 0 };
      const statusClass = `${String(res.statusCode)[0]}xx`;
      stat.cases++;
      stat.ms += performance.now() - started;
      stat.statuses[statusClass] = (stat.statuses[statusClass] ?? 0) + 1;
      session.stats.set(fuzz.endpoint, stat);
      // Rejections surface a turn later.
      await new Promise((resolve) => setImmediate(resolve));
      const success = res.statusCode < 300;
      if (success && fuzz.endpoint === 'DELETE /api/users/:id/') reseed = true;
      else if (success && request.method === 'DELETE') restock = true;
      if (success && fuzz.endpoint === 'POST /api/auth/resetPassword') {
        // A signed-in password change: the new one is in the body.
        tenants.A.login = { ...tenants.A.login, password: JSON.parse(request.payload ?? '{}').password };
        signIn = true;
      }
      if (
        (success && fuzz.endpoint === 'GET /api/auth/logout') ||
        (fuzz.signedIn && res.statusCode === 401 && endpointNamed(fuzz.endpoint).auth !== 'none')
      )
        signIn = true;
      const problem =
        (res.statusCode >= 500 && !isGatewayAnswer(res.statusCode, res.body)
          ? `answered ${res.statusCode}`
          : undefined) ??
        leakIn(res.body, `${request.url} ${request.payload ?? ''}`) ??
        rejectionProblem();
      return problem && `${problem}\n${describe(request)}\n→ ${res.statusCode} ${res.body.slice(0, 600)}`;
    },
    async healthProblem() {
      const health = await t.app.inject({ url: '/healthz' });
      if (health.statusCode !== 200) return `GET /healthz → ${health.statusCode} ${health.body}`;
      if (reseed || restock || signIn) tenants.A = await seedTenant(t, mail, 'Alpha');
      const read = await t.app.inject({
        url: `/api/layers?workspace=${tenants.A.ids.workspace}`,
        headers: auth(tenants.A.token),
      });
      if (read.statusCode !== 200) return `GET /api/layers → ${read.statusCode} ${read.body}`;
      return rejectionProblem();
    },
    stop: () => process.off('unhandledRejection', onRejection),
  };
  return session;
}

/** Far beyond any answer of a loaded test machine: a request still open then hangs. */
const ANSWER_WITHIN_MS = 30_000;

async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A 502 or 504 that says which service failed: the deliberate answer of a call that
 * reads another server (an elevation profile's service). The server never answers
 * these of itself; any other 5xx is a fault of ours.
 */
function isGatewayAnswer(status: number, body: string): boolean {
  if (status !== 502 && status !== 504) return false;
  try {
    const { detail } = JSON.parse(body) as { detail?: unknown };
    return typeof detail === 'string' && detail !== 'A server error occurred.';
  } catch {
    return false;
  }
}

/** The request as a person reads it: method, path, content type and the start of the body. */
export function describe(request: ConcreteRequest): string {
  const lines = [`${request.method} ${request.url.slice(0, 2000)}`];
  if (request.headers['content-type'] !== undefined)
    lines.push(`content-type: ${request.headers['content-type']}`);
  lines.push(request.headers.authorization ? "signed in as tenant A's admin" : 'anonymous');
  if (request.payload !== undefined) {
    const body = request.payload;
    lines.push(body.length > 2000 ? `${body.slice(0, 2000)}… (${body.length} characters)` : body);
  }
  return lines.join('\n');
}

/** What the run covered: per endpoint its cases, their answers by status class, and their time. */
export function printStats(session: FuzzSession) {
  const rows = [...session.stats].sort(([a], [b]) => a.localeCompare(b));
  const lines = rows.map(
    ([endpoint, { cases, statuses, ms }]) =>
      `${endpoint.padEnd(48)} ${String(cases).padStart(5)}  ${Object.entries(statuses)
        .sort()
        .map(([status, count]) => `${status} ${count}`)
        .join(', ')
        .padEnd(28)} ${Math.round(ms)} ms`,
  );
  lines.push(
    `tenant A restocked or seeded again ${session.reseeds.count} times (${Math.round(session.reseeds.ms)} ms)`,
  );
  console.info(lines.join('\n'));
}
