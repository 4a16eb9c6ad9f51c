DROP INDEX "reading_progress_history_idx";--> statement-breakpoint
CREATE INDEX "chapters_priced_idx" ON "chapters" USING btree ("series_id","published_at","free_at") WHERE "chapters"."price" > 0;--> statement-breakpoint
CREATE INDEX "series_unpublished_idx" ON "series" USING btree ("id") WHERE not "series"."is_published";--> statement-breakpoint
CREATE INDEX "reading_progress_history_idx" ON "reading_progress" USING btree ("user_id","read_at" DESC NULLS LAST,"chapter_id","series_id") WHERE "reading_progress"."in_history";