CREATE TABLE "chapter_rentals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"method" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chapter_rentals_ends_after_start" CHECK ("chapter_rentals"."ends_at" > "chapter_rentals"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "wait_pass_interval_hours" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "rental_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "wait_pass_excludes_newest" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "daily_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "bundle_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapter_rentals" ADD CONSTRAINT "chapter_rentals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_rentals" ADD CONSTRAINT "chapter_rentals_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_rentals" ADD CONSTRAINT "chapter_rentals_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_rentals_user_series_idx" ON "chapter_rentals" USING btree ("user_id","series_id","method","starts_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chapter_rentals_user_chapter_idx" ON "chapter_rentals" USING btree ("user_id","chapter_id","ends_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_wait_pass_interval" CHECK ("series"."wait_pass_interval_hours" is null or "series"."wait_pass_interval_hours" in (24, 72, 168));--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_rental_hours" CHECK ("series"."rental_hours" between 1 and 720);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_wait_pass_excludes" CHECK ("series"."wait_pass_excludes_newest" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_bundle_discount" CHECK ("series"."bundle_discount_percent" between 0 and 90);