import type { Endpoint } from '@geows/contract';
import type { LightMyRequestResponse } from 'fastify';
import { type CallerKind, type Expected, expectedAnswer, seesGroupedLayers } from './expectations.js';
import type { Tenant } from './tenants.js';

export const named = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/**
 * What reached `caller` in `body` that must never reach them, whatever the status: the
 * data of a tenant they have no relation to, a secret, and the fields only some of the
 * workspace's people may see. `a` is the tenant the callers are named after; `b`'s admin
 * is the stranger.
 */
export function leaksTo(caller: CallerKind, body: string, { a, b }: { a: Tenant; b: Tenant }): string[] {
  const found: string[] = [];
  for (const tenant of [a, b])
    if (body.includes(tenant.secret)) found.push(`the secret of ${tenant.marker}'s data source`);
  if (caller !== 'stranger' && body.includes(b.marker)) found.push(`data of ${b.marker}`);
  // Whoever cannot open A's workspace has no business with anything of A.
  if (expectedAnswer('workspace-viewer', caller) !== 'allowed' && body.includes(a.marker))
    found.push(`data of ${a.marker}`);
  if (caller !== 'admin' && body.includes(a.adminOnlyMarker))
    found.push("what only the account's admin may see");
  // Who signs in to a service is the admin's business, not the map's readers'.
  if (caller !== 'admin' && body.includes(`${a.marker}-user`))
    found.push("the user name of a data source's service");
  if (!seesGroupedLayers(caller) && body.includes(a.groupedMarker))
    found.push("a layer of a group they're not in");
  return found;
}

/** What is wrong with an answer: its status against the rule's, and what it leaked; null when nothing. */
export function judge(
  what: string,
  caller: CallerKind,
  expected: Expected,
  { res, ok }: { res: LightMyRequestResponse; ok: number[] },
  tenants: { a: Tenant; b: Tenant },
): string | null {
  const problems: string[] = [];
  if (expected === 'allowed' ? !ok.includes(res.statusCode) : res.statusCode !== expected)
    problems.push(
      `answered ${res.statusCode}, expected ${expected === 'allowed' ? ok.join(' or ') : expected}`,
    );
  problems.push(...leaksTo(caller, res.body, tenants).map((leak) => `leaked ${leak}`));
  return problems.length > 0
    ? `${what} as ${caller}: ${problems.join('; ')} — ${res.body.slice(0, 200)}`
    : null;
}
