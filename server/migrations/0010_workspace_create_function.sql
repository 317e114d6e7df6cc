-- A new workspace and its first layer (POST /api/workspaces) as one call of a function: on the
-- embedded database each statement sent is parsed and planned afresh, and planning the two
-- inserts and their join was 40 % of a create's time on the database thread. A PL/pgSQL
-- function keeps its statements' plans for the session (on PostgreSQL too).
-- The workspace is inserted only when `new_admin` administers `new_account`, on the default
-- plan; no row otherwise (a missing account and someone else's are answered alike). It returns
-- what the answer needs beyond what the caller sent: no timestamps (printing them was a tenth
-- of the call), and camera and plugins as stored (jsonb orders their keys).
CREATE FUNCTION "workspace_create"(
  new_account integer, new_admin integer, new_name text, new_description text,
  new_camera jsonb, new_plugins jsonb, layer_name text, layer_template jsonb
) RETURNS TABLE (
  "id" integer, "planId" integer, "planName" text, "camera" jsonb, "workspacePlugins" jsonb, "version" integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH created AS (
    INSERT INTO "workspaces" ("account_id", "admin_id", "name", "description", "plan_id", "camera", "workspace_plugins")
    SELECT a."id", a."admin_id", new_name, new_description,
      (SELECT p."id" FROM "plans" p WHERE p."is_default" ORDER BY p."id" LIMIT 1), new_camera, new_plugins
    FROM "accounts" a WHERE a."id" = new_account AND a."admin_id" = new_admin
    RETURNING "id", "plan_id", "camera", "workspace_plugins", "version"
  ), first_layer AS (
    INSERT INTO "layers" ("workspace_id", "parent_id", "position", "name", "visible", "template")
    SELECT c."id", NULL, 0, layer_name, true, layer_template FROM created c
  )
  SELECT c."id", c."plan_id", p."name", c."camera", c."workspace_plugins", c."version"
  FROM created c LEFT JOIN "plans" p ON p."id" = c."plan_id";
END $$;--> statement-breakpoint
-- Replaces migration 0009's: every insert into layers fires it, including each new workspace's
-- base layer, which has no source. Such a statement now costs one look at its own rows and
-- no further call; one with sources refreshes exactly as before.
CREATE OR REPLACE FUNCTION "layers_usage_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM inserted WHERE "data_source_id" IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM "datasource_usage_refresh"(
    ARRAY(SELECT DISTINCT "data_source_id" FROM inserted WHERE "data_source_id" IS NOT NULL),
    ARRAY(SELECT DISTINCT "workspace_id" FROM inserted WHERE "data_source_id" IS NOT NULL)
  );
  RETURN NULL;
END $$;
