import type { AnalyticsConfig } from '@geows/contract';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One origin the product is served on, with its branding (spec §3 "Site"). */
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
