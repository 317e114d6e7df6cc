CREATE INDEX "datasources_modified_idx" ON "datasources" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "datasources_name_idx" ON "datasources" USING btree (lower("name"),"id");