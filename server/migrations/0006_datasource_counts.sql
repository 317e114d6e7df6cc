ALTER TABLE "accounts" ADD COLUMN "datasource_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "accounts" SET "datasource_count" = (SELECT count(*) FROM "datasources" d WHERE d."account_id" = "accounts"."id");--> statement-breakpoint
-- Statement triggers with transition tables: one UPDATE of each account a statement touches,
-- however many rows it inserts or deletes (an upload, seed:bench, an account's deletion).
CREATE FUNCTION "datasources_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "accounts" a SET "datasource_count" = a."datasource_count" + c.n
  FROM (SELECT "account_id", count(*) AS n FROM inserted GROUP BY "account_id") c
  WHERE a."id" = c."account_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "datasources_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "accounts" a SET "datasource_count" = a."datasource_count" - c.n
  FROM (SELECT "account_id", count(*) AS n FROM deleted GROUP BY "account_id") c
  WHERE a."id" = c."account_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only a change of account moves a count: other updates (a rename, an upload's feature count)
-- leave every account row alone.
CREATE FUNCTION "datasources_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "accounts" a SET "datasource_count" = a."datasource_count" + c.n
  FROM (
    SELECT "account_id", sum(n) AS n
    FROM (SELECT "account_id", 1 AS n FROM inserted UNION ALL SELECT "account_id", -1 FROM deleted) moves
    GROUP BY "account_id" HAVING sum(n) <> 0
  ) c
  WHERE a."id" = c."account_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "datasources_counted_on_insert" AFTER INSERT ON "datasources"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "datasources_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "datasources_counted_on_delete" AFTER DELETE ON "datasources"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "datasources_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "datasources_counted_on_update" AFTER UPDATE ON "datasources"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "datasources_count_moved"();
