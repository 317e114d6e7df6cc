import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { authTokens, profiles, sites, users, userTokens, workspaces } from '../db/schema.js';
import { clearDemoWorkspace, setDemoWorkspace } from '../modules/demo/demo.repository.js';
import { addPlan, listPlans } from '../modules/plans/plans.repository.js';
import { normaliseOrigin } from '../modules/sites/sites.service.js';

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
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (!user) throw new OperatorError(`No user named ${username}`);
  return user;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new OperatorError(result.error.issues[0]?.message ?? 'Invalid arguments');
  return result.data;
}

const presentSite = (s: typeof sites.$inferSelect) => ({
  origin: s.origin,
  title: s.title,
  logo: s.logo,
  email: s.email,
  default: s.isDefault,
});

async function listUsers(db: Db) {
  const rows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(asc(users.id));
  return rows.map(({ user, profile }) => ({
    id: user.id,
    username: user.username,
    email: user.email,
    active: user.isActive,
    mfa_required: profile?.mfaRequired ?? false,
  }));
}

/** Deactivation also ends every session and kills pending activation links, so nothing revives the user but an operator. */
async function setActive(db: Db, username: string | undefined, isActive: boolean) {
  const user = await userNamed(db, username);
  await db.update(users).set({ isActive }).where(eq(users.id, user.id));
  if (!isActive) {
    await db.delete(authTokens).where(eq(authTokens.userId, user.id));
    await db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, user.id), isNull(userTokens.usedAt)));
  }
  return (await listUsers(db)).find((u) => u.id === user.id);
}

export const commands: Record<string, Command> = {
  'site list': {
    usage: 'site list',
    summary: 'the sites table',
    run: async (db) => (await db.select().from(sites).orderBy(asc(sites.id))).map(presentSite),
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
      const [row] = await db
        .insert(sites)
        .values({ origin, ...values })
        .onConflictDoUpdate({ target: sites.origin, set: values })
        .returning();
      if (!row) throw new OperatorError('The site was not saved');
      return presentSite(row);
    },
  },
  'site remove': {
    usage: 'site remove --origin URL',
    summary: 'remove a site',
    options: { origin: { description: 'the origin of the site to remove', required: true } },
    async run(db, { options }) {
      if (!options.origin) throw new OperatorError('--origin is required');
      const origin = normaliseOrigin(options.origin) ?? options.origin;
      const [row] = await db.select().from(sites).where(eq(sites.origin, origin));
      if (!row) throw new OperatorError(`No site with origin ${origin}`);
      if (row.isDefault)
        throw new OperatorError(`${origin} is the default site; update it with site add instead`);
      await db.delete(sites).where(eq(sites.id, row.id));
      return presentSite(row);
    },
  },
  'plan list': {
    usage: 'plan list',
    summary: 'workspace plans',
    run: async (db) => (await listPlans(db)).map((p) => ({ id: p.id, name: p.name, default: p.isDefault })),
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
      return { id: plan.id, name: plan.name, default: plan.isDefault };
    },
  },
  'user list': {
    usage: 'user list',
    summary: 'users with id, username, email, active, mfa_required',
    run: (db) => listUsers(db),
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
      await db
        .update(profiles)
        .set({ mfaRequired: flag === 'on' })
        .where(eq(profiles.userId, user.id));
      return (await listUsers(db)).find((u) => u.id === user.id);
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
      const [workspace] = await db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.id, id));
      if (!workspace) throw new OperatorError(`No workspace with id ${id}`);
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
