import type { AnalyticsConfig } from '@geows/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One origin the product is served on, with its branding (docs/product.md, Data: "Site"). */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    origin: text('origin').notNull(),
    title: text('title').notNull().default(''),
    logo: text('logo').notNull().default(''),
    email: text('email').notNull().default(''),
    analytics: jsonb('analytics').$type<AnalyticsConfig>(),
    /** Answers for origins that are not in the table; exactly one row has it. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sites_origin_unique').on(t.origin)],
);

/** Reference data mirrored from the contract's type definitions at every start. */
export const datasourceTypes = pgTable('datasource_types', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** False until the e-mailed activation link is opened; an operator can also toggle it. */
    isActive: boolean('is_active').notNull().default(false),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

/** The "extended user" (docs/product.md, Data): address details and the operator's MFA requirement. */
export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  company: text('company').notNull().default(''),
  street: text('street').notNull().default(''),
  number: text('number').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  mfaRequired: boolean('mfa_required').notNull().default(false),
});

/** API tokens: only a SHA-256 of the token is kept, so a database leak yields no usable token. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Single-use links sent by e-mail (activation, password reset), hashed like API tokens. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'activation' | 'password_reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** A second factor of a user: an authenticator app (TOTP) or codes by e-mail. */
export const mfaMethods = pgTable(
  'mfa_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').$type<'app' | 'email'>().notNull(),
    /** TOTP secret, encrypted with the server key (AES-256-GCM). */
    secretEncrypted: text('secret_encrypted'),
    isActive: boolean('is_active').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The last TOTP time step accepted: a code is accepted once. */
    lastTotpStep: integer('last_totp_step').notNull().default(0),
    /** The current e-mailed code (hashed) for activation, deactivation or an explicit request. */
    emailCodeHash: text('email_code_hash'),
    emailCodeExpiresAt: timestamp('email_code_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_methods_user_name_unique').on(t.userId, t.name)],
);

export const mfaBackupCodes = pgTable(
  'mfa_backup_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [index('mfa_backup_codes_user_idx').on(t.userId)],
);

/** A login that passed the password and waits for its second factor (the ephemeral token). */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  method: text('method').$type<'app' | 'email'>().notNull(),
  emailCodeHash: text('email_code_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Fixed-window counters for throttling. They live in the database, not in process
 * memory, so that the limits hold across every server process.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Workspace plans (Trial, Basic, Pro, …); one is the default for new workspaces. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
});

/** An organisation: the tenant. Its admin (creator) owns it; deleting the admin deletes it. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    slug: text('slug').notNull().unique(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * How many data sources the account has, kept exact by triggers on `datasources`
     * (migration 0006): the data source list's count without counting thousands of rows.
     */
    datasourceCount: integer('datasource_count').notNull().default(0),
  },
  (t) => [index('accounts_admin_idx').on(t.adminId)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    camera: jsonb('camera').$type<Record<string, unknown>>().notNull(),
    workspacePlugins: jsonb('workspace_plugins').$type<Record<string, unknown>>().notNull(),
    /** Optimistic concurrency for the editor: every write increments it. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspaces_account_idx').on(t.accountId)],
);

/** Users with edit rights on a workspace (docs/product.md, Data: "editors", account admin ids). */
export const workspaceEditors = pgTable(
  'workspace_editors',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/**
 * A registered map service or uploaded file of an account. `config` holds the type's
 * settings without its secrets; those sit sealed (AES-256-GCM, the secret box) in
 * `secrets` as one JSON object. `type_id` turns null if an operator removes a type:
 * the list then shows 'Unknown'.
 */
export const datasources = pgTable(
  'datasources',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').references(() => datasourceTypes.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secrets: text('secrets'),
    /** For uploaded files: how many features, and their extent [w, s, e, n] in degrees. */
    featureCount: integer('feature_count'),
    extent: jsonb('extent').$type<[number, number, number, number]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's orders per account, read forwards or backwards by the page query.
    index('datasources_account_modified_idx').on(t.accountId, t.updatedAt, t.id),
    index('datasources_account_name_idx').on(t.accountId, sql`lower(${t.name})`, t.id),
    // The same orders across all of an admin's accounts (a list without ?account=): walked in
    // order until a page of the admin's rows is found, instead of sorting all of them.
    index('datasources_modified_idx').on(t.updatedAt, t.id),
    index('datasources_name_idx').on(sql`lower(${t.name})`, t.id),
  ],
);

/** The features of an uploaded file, in file order (PostGIS is not available on the embedded database). */
export const datasourceFeatures = pgTable(
  'datasource_features',
  {
    datasourceId: integer('datasource_id')
      .notNull()
      .references(() => datasources.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    feature: jsonb('feature').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasourceId, t.seq] })],
);

/** The layer tree of a workspace. A data source in use cannot be deleted (the API says where it is used). */
export const layers = pgTable(
  'layers',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => layers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    visible: boolean('visible').notNull().default(true),
    dataSourceId: integer('data_source_id').references(() => datasources.id),
    template: jsonb('template').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('layers_workspace_idx').on(t.workspaceId),
    index('layers_data_source_idx').on(t.dataSourceId),
  ],
);

/** People of an account gathered to be given layers together. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_groups_account_idx').on(t.accountId)],
);

/** A member by e-mail; `user_id` is filled when that address registers (as invitations wait). */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_group_members_group_email_unique').on(t.groupId, sql`lower(${t.email})`),
    index('user_group_members_email_idx').on(sql`lower(${t.email})`),
    index('user_group_members_user_idx').on(t.userId),
  ],
);

/** The groups a layer is restricted to; a layer without groups is for everyone who sees the workspace. */
export const layerUserGroups = pgTable(
  'layer_user_groups',
  {
    layerId: integer('layer_id')
      .notNull()
      .references(() => layers.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.layerId, t.groupId] }),
    index('layer_user_groups_group_idx').on(t.groupId),
  ],
);

/** A workspace shared with a person by e-mail; it waits for that address to register. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_workspace_email_unique').on(t.workspaceId, sql`lower(${t.email})`),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * A link that shows a workspace read-only without a login. Looked up by the SHA-256 of
 * its token; the token itself is kept sealed so that the workspace's editors can copy
 * the link again. Deleting the row revokes the link at once.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_unique').on(t.tokenHash),
    index('share_links_workspace_idx').on(t.workspaceId),
  ],
);

/** Operator-assigned demo workspace per user: `GET /api/demo` answers it. */
export const demoAssignments = pgTable('demo_assignments', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
});

/** Server-wide secrets that every process must share (the encryption key when SECRET_KEY is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Security events (logins, factors, passwords, revoked sessions, deletions, members,
 * share links, data source secrets): who, from where, on what. No foreign keys on
 * purpose: the trail outlives the users, accounts and objects it names, which is why
 * the actor's username and the object's label are kept as they were. Pruned after
 * AUDIT_RETENTION_DAYS by the housekeeping.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    /** Who acted, or in whose name a login was tried; null for the operator or an unknown name. */
    actorId: integer('actor_id'),
    actorUsername: text('actor_username').notNull().default(''),
    accountId: integer('account_id'),
    objectType: text('object_type'),
    objectId: integer('object_id'),
    objectLabel: text('object_label').notNull().default(''),
    clientIp: text('client_ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorId, t.occurredAt, t.id),
    index('audit_events_account_idx')
      .on(t.accountId, t.occurredAt, t.id)
      .where(sql`${t.accountId} is not null`),
    index('audit_events_occurred_idx').on(t.occurredAt),
  ],
);
