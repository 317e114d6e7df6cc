import { z } from 'zod';
import type { Db } from '../db/client.js';
import { type SecretBox, sha256 } from '../lib/crypto.js';
import { hashPassword } from '../lib/passwords.js';
import { insertTenant } from './bench-tenant.repository.js';

/**
 * The benchmark tenant file (../shared/RUNTIME.md, "Benchmark data"; the peer's
 * `seed.py --dump` writes one). Ids are kept, so both servers of a side-by-side run
 * answer for the same account and workspace ids.
 */
const id = z.number().int().positive().max(2_147_483_647);
const isoDate = z.string().datetime({ offset: true });
const jsonText = z.string().transform((text, ctx) => {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  ctx.addIssue({ code: 'custom', message: 'is not a JSON object' });
  return z.NEVER;
});

export const benchTenantSchema = z.object({
  bench: z.object({
    username: z.string().min(1).max(150),
    password: z.string().min(1).max(1000),
    email: z.string().email(),
    token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be 20 to 200 letters, digits, _ or -'),
  }),
  plans: z.array(z.object({ id, name: z.string().min(1) })),
  datasource_types: z.array(z.object({ id, name: z.string().min(1) })),
  users: z.array(
    z.object({ id, username: z.string().min(1).max(150), email: z.string().email(), date_joined: isoDate }),
  ),
  accounts: z.array(
    z.object({ id, name: z.string(), description: z.string(), slug: z.string().min(1), admin: id }),
  ),
  workspaces: z.array(
    z.object({
      id,
      name: z.string(),
      description: z.string(),
      admin: id,
      account: id,
      plan: id.nullable(),
      camera: jsonText,
      workspacePlugins: jsonText,
      share_token: z.string().min(1).max(200).nullable(),
      date_modified: isoDate,
    }),
  ),
  workspace_editors: z.array(z.object({ workspace: id, user: id })),
  datasources: z.array(
    z.object({ id, name: z.string(), type: id, admin: id, url: z.string(), date_modified: isoDate }),
  ),
  datasource_workspaces: z.array(z.object({ datasource: id, workspace: id })),
});
export type BenchTenant = z.infer<typeof benchTenantSchema>;

export class TenantFileError extends Error {}

/** The file's problems as lines a person can act on ("workspaces.12.camera: is not a JSON object"). */
export function parseBenchTenant(raw: unknown): BenchTenant {
  const parsed = benchTenantSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues
    .slice(0, 10)
    .map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  throw new TenantFileError(`The tenant file does not have the expected form:\n${lines.join('\n')}`);
}

export type ImportSummary = {
  users: number;
  accounts: number;
  workspaces: number;
  datasources: number;
  layers: number;
  shareLinks: number;
};

/**
 * Loads the tenant into a database that has the product's schema and reference data,
 * in one transaction (a failure leaves the database as it was).
 */
export async function importBenchTenant(db: Db, box: SecretBox, tenant: BenchTenant): Promise<ImportSummary> {
  const now = new Date();
  const benchUser = tenant.users.find((u) => u.username === tenant.bench.username);
  if (!benchUser)
    throw new TenantFileError(`users: no user named "${tenant.bench.username}" (bench.username)`);
  const benchHash = await hashPassword(tenant.bench.password);

  // A data source belongs to the first account (lowest id) of its admin.
  const firstAccountOf = new Map<number, number>();
  for (const account of [...tenant.accounts].sort((a, b) => a.id - b.id)) {
    if (!firstAccountOf.has(account.admin)) firstAccountOf.set(account.admin, account.id);
  }
  const sourceRows = tenant.datasources.map((source) => {
    const accountId = firstAccountOf.get(source.admin);
    if (accountId === undefined)
      throw new TenantFileError(`datasources: source ${source.id}'s admin ${source.admin} has no account`);
    const modified = new Date(source.date_modified);
    return {
      id: source.id,
      accountId,
      typeId: source.type,
      name: source.name,
      config: { url: source.url },
      createdAt: modified,
      updatedAt: modified,
    };
  });
  const sourceNames = new Map(tenant.datasources.map((s) => [s.id, s.name]));
  const position = new Map<number, number>();
  const layerRows = tenant.datasource_workspaces.map((link) => {
    const next = position.get(link.workspace) ?? 0;
    position.set(link.workspace, next + 1);
    return {
      workspaceId: link.workspace,
      dataSourceId: link.datasource,
      name: sourceNames.get(link.datasource) ?? `Source ${link.datasource}`,
      position: next,
    };
  });
  const shared = tenant.workspaces.filter((w) => w.share_token !== null);

  await insertTenant(db, {
    plans: tenant.plans,
    datasourceTypes: tenant.datasource_types,
    users: tenant.users.map((user) => ({
      id: user.id,
      username: user.username,
      email: user.email,
      // Imported users other than bench cannot log in until they reset their password.
      passwordHash: user.id === benchUser.id ? benchHash : '!imported',
      isActive: true,
      dateJoined: new Date(user.date_joined),
      passwordChangedAt: now,
    })),
    accounts: tenant.accounts.map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      slug: a.slug,
      adminId: a.admin,
    })),
    workspaces: tenant.workspaces.map((w) => {
      const modified = new Date(w.date_modified);
      return {
        id: w.id,
        accountId: w.account,
        adminId: w.admin,
        name: w.name,
        description: w.description,
        planId: w.plan,
        camera: w.camera,
        workspacePlugins: w.workspacePlugins,
        createdAt: modified,
        updatedAt: modified,
      };
    }),
    editors: tenant.workspace_editors.map((e) => ({ workspaceId: e.workspace, userId: e.user })),
    datasources: sourceRows,
    layers: layerRows,
    shareLinks: shared.map((w) => ({
      workspaceId: w.id,
      tokenHash: sha256(w.share_token as string),
      tokenSealed: box.seal(w.share_token as string),
      label: 'Imported',
      createdById: w.admin,
    })),
    token: { userId: benchUser.id, tokenHash: sha256(tenant.bench.token) },
  });
  return {
    users: tenant.users.length,
    accounts: tenant.accounts.length,
    workspaces: tenant.workspaces.length,
    datasources: tenant.datasources.length,
    layers: layerRows.length,
    shareLinks: shared.length,
  };
}
