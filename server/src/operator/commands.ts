import { MAX_ID } from '@geows/contract';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { exportAuditEvents } from '../modules/audit/audit-export.js';
import { recordAudit } from '../modules/audit/record.js';
import {
  consumeAllUserTokens,
  deleteUserTokens,
  findUserByUsername,
  setUserActive,
} from '../modules/auth/auth.repository.js';
import { clearDemoWorkspace, setDemoWorkspace } from '../modules/demo/demo.repository.js';
import { presentPlanForOperator } from '../modules/plans/plans.presenter.js';
import { addPlan, listPlans } from '../modules/plans/plans.repository.js';
import { presentSiteForOperator } from '../modules/sites/sites.presenter.js';
import { deleteSite, findSiteByOrigin, listSites, upsertSite } from '../modules/sites/sites.repository.js';
import { normaliseOrigin } from '../modules/sites/sites.service.js';
import { presentUserForOperator } from '../modules/users/users.presenter.js';
import {
  findUserWithProfile,
  listUsersWithProfiles,
  setMfaRequired,
} from '../modules/users/users.repository.js';
import { findWorkspace } from '../modules/workspaces/workspaces.repository.js';

/** A problem the operator can fix: printed as one line, exit code 1. */
export class OperatorError extends Error {}

/** What the command line parsed: the same value travels to a running server over loopback. */
export type Invocation = {
  command: string;
  options: Record<string, string | undefined>;
  positionals: string[];
};

type Command = {
  usage: string;
  summary: string;
  options?: Record<string, { description: string; required?: boolean }>;
  positionals?: string[];
  /** `json-lines`: the command answers an array, printed one JSON object per line. */
  output?: 'json-lines';
  run(db: Db, invocation: Invocation): Promise<unknown>;
};

const url = (name: string) =>
  z
    .string({ error: `--${name} is required` })
    .refine(
      (value) => /^https?:\/\//.test(value) || value.startsWith('/'),
      `--${name} must be an http(s) URL or a path`,
    );

async function userNamed(db: Db, username: string | undefined) {
  if (!username) throw new OperatorError('USERNAME is required');
  const user = await findUserByUsername(db, username);
  if (!user) throw new OperatorError(`No user named ${username}`);
  return user;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new OperatorError(result.error.issues[0]?.message ?? 'Invalid arguments');
  return result.data;
}

async function presentUser(db: Db, userId: number) {
  const row = await findUserWithProfile(db, userId);
  if (!row) throw new OperatorError('The user vanished');
  return presentUserForOperator(row.user, row.profile);
}

/** Deactivation also ends every session and kills pending activation links, so nothing revives the user but an operator. */
async function setActive(db: Db, username: string | undefined, isActive: boolean) {
  const user = await userNamed(db, username);
  await setUserActive(db, user.id, isActive);
  if (!isActive) {
    // Not in one transaction: the token cache forgets the user on `db` itself (token-cache.ts).
    await deleteUserTokens(db, user.id);
    await consumeAllUserTokens(db, user.id);
    await recordAudit(db, {
      kind: 'sessions_revoked',
      actor: null,
      object: { type: 'user', id: user.id, label: user.username },
      details: { by: 'operator', reason: 'deactivated' },
    });
  }
  return presentUser(db, user.id);
}

export const commands: Record<string, Command> = {
  'site list': {
    usage: 'site list',
    summary: 'the sites table',
    run: async (db) => (await listSites(db)).map(presentSiteForOperator),
  },
  'site add': {
    usage: 'site add --origin URL --title TEXT [--logo URL] [--email ADDRESS]',
    summary: 'add or update a site (origin, title, logo, support e-mail shown in the footer)',
    options: {
      origin: {
        description: 'the origin the site is served on, e.g. https://maps.example.org',
        required: true,
      },
      title: { description: 'the name shown in the toolbar and in mails', required: true },
      logo: { description: 'URL of the logo shown in the toolbar' },
      email: { description: 'support address shown in the footer' },
    },
    async run(db, { options }) {
      const origin = normaliseOrigin(options.origin);
      if (!options.origin) throw new OperatorError('--origin is required');
      if (!origin) throw new OperatorError(`--origin must be an http(s) origin, got ${options.origin}`);
      const title = parse(
        z.string({ error: '--title is required' }).max(200, '--title is too long'),
        options.title,
      );
      const logo = options.logo === undefined ? undefined : parse(url('logo'), options.logo);
      const email =
        options.email === undefined
          ? undefined
          : parse(z.email({ error: '--email must be an e-mail address' }), options.email);
      const values = {
        title,
        ...(logo !== undefined ? { logo } : {}),
        ...(email !== undefined ? { email } : {}),
      };
      const row = await upsertSite(db, origin, values);
      if (!row) throw new OperatorError('The site was not saved');
      return presentSiteForOperator(row);
    },
  },
  'site remove': {
    usage: 'site remove --origin URL',
    summary: 'remove a site',
    options: { origin: { description: 'the origin of the site to remove', required: true } },
    async run(db, { options }) {
      if (!options.origin) throw new OperatorError('--origin is required');
      const origin = normaliseOrigin(options.origin) ?? options.origin;
      const row = await findSiteByOrigin(db, origin);
      if (!row) throw new OperatorError(`No site with origin ${origin}`);
      if (row.isDefault)
        throw new OperatorError(`${origin} is the default site; update it with site add instead`);
      await deleteSite(db, row.id);
      return presentSiteForOperator(row);
    },
  },
  'plan list': {
    usage: 'plan list',
    summary: 'workspace plans',
    run: async (db) => (await listPlans(db)).map(presentPlanForOperator),
  },
  'plan add': {
    usage: 'plan add --name TEXT',
    summary: 'add a workspace plan',
    options: { name: { description: 'the plan name', required: true } },
    async run(db, { options }) {
      const name = parse(
        z
          .string({ error: '--name is required' })
          .trim()
          .min(1, '--name is required')
          .max(100, '--name is too long'),
        options.name,
      );
      const plan = await addPlan(db, name);
      if (!plan) throw new OperatorError('The plan was not saved');
      return presentPlanForOperator(plan);
    },
  },
  'user list': {
    usage: 'user list',
    summary: 'users with id, username, email, active, mfa_required',
    run: async (db) =>
      (await listUsersWithProfiles(db)).map(({ user, profile }) => presentUserForOperator(user, profile)),
  },
  'user activate': {
    usage: 'user activate USERNAME',
    summary: 'allow logins',
    positionals: ['USERNAME'],
    run: (db, { positionals }) => setActive(db, positionals[0], true),
  },
  'user deactivate': {
    usage: 'user deactivate USERNAME',
    summary: 'stop logins (existing tokens stop working too)',
    positionals: ['USERNAME'],
    run: (db, { positionals }) => setActive(db, positionals[0], false),
  },
  'user mfa-required': {
    usage: 'user mfa-required USERNAME on|off',
    summary: 'require a second factor',
    positionals: ['USERNAME', 'on|off'],
    async run(db, { positionals }) {
      const user = await userNamed(db, positionals[0]);
      const flag = positionals[1];
      if (flag !== 'on' && flag !== 'off') throw new OperatorError('Say on or off');
      await setMfaRequired(db, user.id, flag === 'on');
      return presentUser(db, user.id);
    },
  },
  'audit export': {
    usage: 'audit export [--since ISO] [--account ID]',
    summary: 'security events as JSON lines, oldest first',
    options: {
      since: { description: 'only events at or after this time (ISO 8601, e.g. 2026-01-31T00:00:00Z)' },
      account: { description: "only this account's events (its id)" },
    },
    output: 'json-lines',
    async run(db, { options }) {
      const since = options.since === undefined ? undefined : new Date(options.since);
      if (since && (Number.isNaN(since.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(options.since ?? '')))
        throw new OperatorError(`--since must be an ISO 8601 date or time, got ${options.since}`);
      const account = options.account === undefined ? undefined : Number(options.account);
      if (account !== undefined && (!Number.isInteger(account) || account <= 0 || account > MAX_ID))
        throw new OperatorError(`--account must be an account id, got ${options.account}`);
      return exportAuditEvents(db, { since, accountId: account });
    },
  },
  'demo set': {
    usage: 'demo set USERNAME WORKSPACE_ID',
    summary: 'the workspace GET /api/demo returns for that user',
    positionals: ['USERNAME', 'WORKSPACE_ID'],
    async run(db, { positionals }) {
      const user = await userNamed(db, positionals[0]);
      const id = Number(positionals[1]);
      if (!Number.isInteger(id) || id <= 0)
        throw new OperatorError('WORKSPACE_ID must be a positive whole number');
      if (id > MAX_ID || !(await findWorkspace(db, id)))
        throw new OperatorError(`No workspace with id ${id}`);
      await setDemoWorkspace(db, user.id, id);
      return { username: user.username, workspace: id };
    },
  },
  'demo clear': {
    usage: 'demo clear USERNAME',
    summary: 'stop demo mode for that user',
    positionals: ['USERNAME'],
    async run(db, { positionals }) {
      const user = await userNamed(db, positionals[0]);
      await clearDemoWorkspace(db, user.id);
      return { username: user.username, workspace: 0 };
    },
  },
};

export async function runCommand(db: Db, invocation: Invocation): Promise<unknown> {
  const command = commands[invocation.command];
  if (!command) throw new OperatorError(`Unknown command: ${invocation.command}`);
  return command.run(db, invocation);
}
