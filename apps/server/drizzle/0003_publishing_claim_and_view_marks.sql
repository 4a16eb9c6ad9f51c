CREATE TABLE "view_marks" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"series_id" uuid NOT NULL,
	"chapter_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	CONSTRAINT "view_marks_day_visitor_series_id_chapter_id_pk" PRIMARY KEY("day","visitor","series_id","chapter_id")
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chapters_unannounced_idx" ON "chapters" USING btree ("published_at") WHERE "chapters"."announced_at" is null and "chapters"."published_at" is not null;--> statement-breakpoint
-- Chapters already out were announced when they came out: never announce them again.
UPDATE "chapters" SET "announced_at" = "published_at" WHERE "published_at" <= now();
