-- The admin's list leaves deleted accounts out (issue 36 §3), so its count from list_counts must
-- too: a row counts under its role and ban only while it is not deleted. Rows already deleted are
-- taken out of the counts once.
CREATE OR REPLACE FUNCTION users_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'users', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT role || ':' || is_banned::text AS key, 1 AS d FROM new_rows WHERE deleted_at IS NULL) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'users', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT role || ':' || is_banned::text AS key, -1 AS d FROM old_rows WHERE deleted_at IS NULL) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  ELSE
    INSERT INTO list_counts (list, key, slot, n)
      SELECT 'users', key, floor(random() * 8)::smallint, sum(d) FROM (SELECT role || ':' || is_banned::text AS key, 1 AS d FROM new_rows WHERE deleted_at IS NULL UNION ALL SELECT role || ':' || is_banned::text AS key, -1 AS d FROM old_rows WHERE deleted_at IS NULL) moved GROUP BY key HAVING sum(d) <> 0
      ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO list_counts (list, key, slot, n)
  SELECT 'users', key, 0, -count(*) FROM (SELECT role || ':' || is_banned::text AS key FROM users WHERE deleted_at IS NOT NULL) gone GROUP BY key
  ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n;
