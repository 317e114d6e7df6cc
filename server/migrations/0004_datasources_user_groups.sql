CREATE TABLE "datasource_features" (
	"datasource_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"feature" jsonb NOT NULL,
	CONSTRAINT "datasource_features_datasource_id_seq_pk" PRIMARY KEY("datasource_id","seq")
);
--> statement-breakpoint
CREATE TABLE "datasources" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type_id" integer,
	"name" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"feature_count" integer,
	"extent" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layer_user_groups" (
	"layer_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "layer_user_groups_layer_id_group_id_pk" PRIMARY KEY("layer_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "datasource_features" ADD CONSTRAINT "datasource_features_datasource_id_datasources_id_fk" FOREIGN KEY ("datasource_id") REFERENCES "public"."datasources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasources" ADD CONSTRAINT "datasources_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasources" ADD CONSTRAINT "datasources_type_id_datasource_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."datasource_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layer_user_groups" ADD CONSTRAINT "layer_user_groups_layer_id_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layer_user_groups" ADD CONSTRAINT "layer_user_groups_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datasources_account_modified_idx" ON "datasources" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "datasources_account_name_idx" ON "datasources" USING btree ("account_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "layer_user_groups_group_idx" ON "layer_user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_group_members_group_email_unique" ON "user_group_members" USING btree ("group_id",lower("email"));--> statement-breakpoint
CREATE INDEX "user_group_members_email_idx" ON "user_group_members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_group_members_user_idx" ON "user_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_groups_account_idx" ON "user_groups" USING btree ("account_id");--> statement-breakpoint
-- No data source existed before this migration: a layer could only name one that is not there.
UPDATE "layers" SET "data_source_id" = NULL WHERE "data_source_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "layers" ADD CONSTRAINT "layers_data_source_id_datasources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."datasources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layers_data_source_idx" ON "layers" USING btree ("data_source_id");