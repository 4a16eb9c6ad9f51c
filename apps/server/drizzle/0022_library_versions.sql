CREATE TABLE "library_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_versions" ADD CONSTRAINT "library_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A reader's library version moves with any change of their reading progress, in the writer's
-- own transaction: one upsert per reader and statement (a chapter deleted with a thousand
-- readers' progress moves a thousand versions once each), in the readers' order so two such
-- statements take the rows' locks alike. Readers being deleted in the same statement are left
-- out (their version row goes with them). Caches of the reader's history keep the version they
-- were read at (decision 0031).
CREATE FUNCTION library_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_versions (user_id)
      SELECT DISTINCT r.user_id FROM new_rows r JOIN users u ON u.id = r.user_id ORDER BY r.user_id
      ON CONFLICT (user_id) DO UPDATE SET version = library_versions.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO library_versions (user_id)
      SELECT DISTINCT r.user_id FROM old_rows r JOIN users u ON u.id = r.user_id ORDER BY r.user_id
      ON CONFLICT (user_id) DO UPDATE SET version = library_versions.version + 1;
  ELSE
    INSERT INTO library_versions (user_id)
      SELECT DISTINCT r.user_id FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) r
        JOIN users u ON u.id = r.user_id ORDER BY r.user_id
      ON CONFLICT (user_id) DO UPDATE SET version = library_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reading_progress_version_insert AFTER INSERT ON "reading_progress" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_versions_bump();--> statement-breakpoint
CREATE TRIGGER reading_progress_version_update AFTER UPDATE ON "reading_progress" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_versions_bump();--> statement-breakpoint
CREATE TRIGGER reading_progress_version_delete AFTER DELETE ON "reading_progress" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_versions_bump();
