DROP INDEX "series_latest_idx";--> statement-breakpoint
DROP INDEX "series_popular_idx";--> statement-breakpoint
DROP INDEX "series_created_idx";--> statement-breakpoint
CREATE INDEX "series_updated_idx" ON "series" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "series_latest_idx" ON "series" USING btree ("last_chapter_at" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "series"."is_published";--> statement-breakpoint
CREATE INDEX "series_popular_idx" ON "series" USING btree ("views" DESC NULLS LAST,"title","id") WHERE "series"."is_published";--> statement-breakpoint
CREATE INDEX "series_created_idx" ON "series" USING btree ("created_at" DESC NULLS LAST) WHERE "series"."is_published";