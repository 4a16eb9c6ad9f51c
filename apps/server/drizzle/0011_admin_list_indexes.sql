CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"key" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "list_counts_pkey" PRIMARY KEY("list","key","slot")
);
--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "series_updated_idx";--> statement-breakpoint
DROP INDEX "purchases_created_idx";--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_banned_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."is_banned";--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comments_hidden_idx" ON "comments" USING btree ("created_at" DESC NULLS LAST) WHERE "comments"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "series_updated_idx" ON "series" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The big lists' counts (list_counts): each statement that inserts, deletes, or changes what a
-- list filters on adds its rows per key, in the writer's own transaction, to one of eight slots
-- so writers rarely wait on each other. One upsert per key and statement: a series deleted with
-- thousands of comments writes one row, not thousands.
CREATE FUNCTION users_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'users', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT role || ':' || is_banned::text AS key, 1 AS d FROM new_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'users', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT role || ':' || is_banned::text AS key, -1 AS d FROM old_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSE
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'users', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT role || ':' || is_banned::text AS key, 1 AS d FROM new_rows UNION ALL SELECT role || ':' || is_banned::text AS key, -1 AS d FROM old_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION purchases_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'purchases', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT status || ':' || kind AS key, 1 AS d FROM new_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'purchases', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT status || ':' || kind AS key, -1 AS d FROM old_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSE
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'purchases', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT status || ':' || kind AS key, 1 AS d FROM new_rows UNION ALL SELECT status || ':' || kind AS key, -1 AS d FROM old_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION comments_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'comments', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT '' AS key, 1 AS d FROM new_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'comments', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT '' AS key, -1 AS d FROM old_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSE
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'comments', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT '' AS key, 1 AS d FROM new_rows UNION ALL SELECT '' AS key, -1 AS d FROM old_rows) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION series_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'series', '', floor(random() * 8)::smallint, count(*) FROM new_rows HAVING count(*) > 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSE
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'series', '', floor(random() * 8)::smallint, -count(*) FROM old_rows HAVING count(*) > 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION list_counts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE list = TG_ARGV[0];
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_list_count_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_count();--> statement-breakpoint
CREATE TRIGGER users_list_count_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_count();--> statement-breakpoint
CREATE TRIGGER users_list_count_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_count();--> statement-breakpoint
CREATE TRIGGER users_list_count_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_forget('users');--> statement-breakpoint
CREATE TRIGGER purchases_list_count_insert AFTER INSERT ON "purchases" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_list_count();--> statement-breakpoint
CREATE TRIGGER purchases_list_count_delete AFTER DELETE ON "purchases" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_list_count();--> statement-breakpoint
CREATE TRIGGER purchases_list_count_update AFTER UPDATE ON "purchases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_list_count();--> statement-breakpoint
CREATE TRIGGER purchases_list_count_truncate AFTER TRUNCATE ON "purchases"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_forget('purchases');--> statement-breakpoint
CREATE TRIGGER comments_list_count_insert AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION comments_list_count();--> statement-breakpoint
CREATE TRIGGER comments_list_count_delete AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION comments_list_count();--> statement-breakpoint
CREATE TRIGGER comments_list_count_truncate AFTER TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_forget('comments');--> statement-breakpoint
CREATE TRIGGER series_list_count_insert AFTER INSERT ON "series" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION series_list_count();--> statement-breakpoint
CREATE TRIGGER series_list_count_delete AFTER DELETE ON "series" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION series_list_count();--> statement-breakpoint
CREATE TRIGGER series_list_count_truncate AFTER TRUNCATE ON "series"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_forget('series');--> statement-breakpoint
-- Counts from the rows themselves: here once, and again after a bulk load that ran without
-- triggers (session_replication_role = replica, as the scale benchmark's generator does).
CREATE FUNCTION list_counts_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, key, slot, n)
    SELECT 'users', role || ':' || is_banned::text, 0, count(*) FROM users GROUP BY 2
    UNION ALL SELECT 'purchases', status || ':' || kind, 0, count(*) FROM purchases GROUP BY 2
    UNION ALL SELECT 'comments', '', 0, count(*) FROM comments HAVING count(*) > 0
    UNION ALL SELECT 'series', '', 0, count(*) FROM series HAVING count(*) > 0;
$$;--> statement-breakpoint
SELECT list_counts_recount();
