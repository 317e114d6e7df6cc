CREATE TABLE "datasource_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "datasource_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"analytics" jsonb,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sites_origin_unique" ON "sites" USING btree ("origin");