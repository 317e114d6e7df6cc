-- Which workspaces use each data source (`workspaces` of GET /api/datasources), kept by the
-- database as layers and workspace names change, so that a page of the list reads 100 rows
-- instead of computing them: on the embedded database that computation was two thirds of the
-- list's time. A source no layer uses has no row. The shape is the list's own:
-- {"count", "names", "ids"}, names ordered by name then id, a workspace once however many of
-- its layers use the source.
CREATE TABLE "datasource_usage" (
	"datasource_id" integer PRIMARY KEY NOT NULL REFERENCES "datasources"("id") ON DELETE CASCADE,
	"usage" json NOT NULL
);--> statement-breakpoint
-- Recomputes the usage of `ids` from the layers. On PostgreSQL two transactions may change the
-- same usage at once, so rows are locked before anything is read, always workspaces before
-- sources and each in id order (no two writers can wait on each other in a circle):
-- - the workspaces whose layers changed (`workspace_ids`), FOR SHARE: a rename of one of them in
--   flight is waited for, and one that starts later waits for this transaction, whose layers its
--   own refresh then sees; either way the usage ends with the new name;
-- - the sources, FOR NO KEY UPDATE: a second transaction changing the same source's layers
--   waits here, and its next statement sees what the first one committed.
-- A source deleted in the same transaction is skipped (its row is gone with it).
CREATE FUNCTION "datasource_usage_refresh"(ids integer[], workspace_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "workspaces" WHERE "id" = ANY(workspace_ids) ORDER BY "id" FOR SHARE;
  PERFORM 1 FROM "datasources" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "datasource_usage" WHERE "datasource_id" = ANY(ids);
  INSERT INTO "datasource_usage" ("datasource_id", "usage")
  SELECT u.ds, json_build_object(
    'count', count(*),
    'names', json_agg(u.name ORDER BY u.name, u.id),
    'ids', json_agg(u.id ORDER BY u.name, u.id)
  )
  FROM (
    SELECT DISTINCT l."data_source_id" AS ds, w."id", w."name"
    FROM "layers" l
    JOIN "workspaces" w ON w."id" = l."workspace_id"
    JOIN "datasources" d ON d."id" = l."data_source_id"
    WHERE l."data_source_id" = ANY(ids)
  ) u
  GROUP BY u.ds;
END $$;--> statement-breakpoint
-- Statement triggers with transition tables on layers: one refresh per statement, however many
-- layers it writes (a copied workspace, seed:bench, a workspace's deletion). Row triggers, which
-- could skip a new workspace's base layer (no source), made seed:bench's 12,404 layers take 50 s
-- instead of 4.
CREATE FUNCTION "layers_usage_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "datasource_usage_refresh"(
    ARRAY(SELECT DISTINCT "data_source_id" FROM inserted WHERE "data_source_id" IS NOT NULL),
    ARRAY(SELECT DISTINCT "workspace_id" FROM inserted WHERE "data_source_id" IS NOT NULL)
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "layers_usage_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "datasource_usage_refresh"(
    ARRAY(SELECT DISTINCT "data_source_id" FROM deleted WHERE "data_source_id" IS NOT NULL),
    ARRAY(SELECT DISTINCT "workspace_id" FROM deleted WHERE "data_source_id" IS NOT NULL)
  );
  RETURN NULL;
END $$;--> statement-breakpoint
-- Moving layers (positions, names, visibility) changes no usage: only a layer that changes its
-- source or its workspace refreshes the sources it left and joined.
CREATE FUNCTION "layers_usage_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  workspace_ids integer[];
BEGIN
  SELECT array_agg(DISTINCT c.ds) FILTER (WHERE c.ds IS NOT NULL),
         array_agg(DISTINCT c.ws) FILTER (WHERE c.ds IS NOT NULL)
  INTO ids, workspace_ids
  FROM deleted o
  JOIN inserted n ON n."id" = o."id"
  CROSS JOIN LATERAL (VALUES (o."data_source_id", o."workspace_id"), (n."data_source_id", n."workspace_id")) c(ds, ws)
  WHERE o."data_source_id" IS DISTINCT FROM n."data_source_id" OR o."workspace_id" <> n."workspace_id";
  PERFORM "datasource_usage_refresh"(coalesce(ids, '{}'), coalesce(workspace_ids, '{}'));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A renamed workspace renames itself in the usage of every source its layers use; saving a
-- camera or plugins (the frequent update) leaves the name alone and fires nothing.
CREATE FUNCTION "workspaces_usage_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "datasource_usage_refresh"(
    ARRAY(SELECT DISTINCT "data_source_id" FROM "layers" WHERE "workspace_id" = NEW."id" AND "data_source_id" IS NOT NULL),
    '{}'::integer[]
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "layers_usage_on_insert" AFTER INSERT ON "layers"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "layers_usage_inserted"();--> statement-breakpoint
CREATE TRIGGER "layers_usage_on_delete" AFTER DELETE ON "layers"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "layers_usage_deleted"();--> statement-breakpoint
CREATE TRIGGER "layers_usage_on_update" AFTER UPDATE ON "layers"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "layers_usage_moved"();--> statement-breakpoint
CREATE TRIGGER "workspaces_usage_on_rename" AFTER UPDATE OF "name" ON "workspaces"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "workspaces_usage_renamed"();--> statement-breakpoint
INSERT INTO "datasource_usage" ("datasource_id", "usage")
SELECT u.ds, json_build_object(
  'count', count(*),
  'names', json_agg(u.name ORDER BY u.name, u.id),
  'ids', json_agg(u.id ORDER BY u.name, u.id)
)
FROM (
  SELECT DISTINCT l."data_source_id" AS ds, w."id", w."name"
  FROM "layers" l JOIN "workspaces" w ON w."id" = l."workspace_id"
  WHERE l."data_source_id" IS NOT NULL
) u
GROUP BY u.ds;
