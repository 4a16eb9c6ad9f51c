ALTER TABLE "reading_progress" ADD COLUMN "finish_counts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reading_progress_finished_idx" ON "reading_progress" USING btree ("user_id","finished_at") WHERE "reading_progress"."finished_at" is not null;--> statement-breakpoint
-- Rows from before issue 32 keep what they said: opened when last read, finished then when read to the end.
UPDATE "reading_progress" SET "finish_counts_at" = "read_at", "finished_at" = CASE WHEN "completed" THEN "read_at" END;
