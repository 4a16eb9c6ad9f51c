CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"number" numeric(10, 2) NOT NULL,
	"slug" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"price" integer DEFAULT 0 NOT NULL,
	"free_at" timestamp with time zone,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapters_price_nonnegative" CHECK ("chapters"."price" >= 0),
	CONSTRAINT "chapters_number_nonnegative" CHECK ("chapters"."number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "daily_views" (
	"day" date NOT NULL,
	"series_id" uuid NOT NULL,
	"chapter_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_views_day_series_id_chapter_id_pk" PRIMARY KEY("day","series_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"alternative_names" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ongoing' NOT NULL,
	"cover_key" text,
	"cover_width" integer,
	"cover_height" integer,
	"author" text DEFAULT '' NOT NULL,
	"artist" text DEFAULT '' NOT NULL,
	"release_year" integer,
	"is_adult" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"last_chapter_at" timestamp with time zone,
	"views" bigint DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("series"."title" || ' ' || "series"."alternative_names")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_views_nonnegative" CHECK ("series"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "series_genres" (
	"series_id" uuid NOT NULL,
	"genre_id" uuid NOT NULL,
	CONSTRAINT "series_genres_series_id_genre_id_pk" PRIMARY KEY("series_id","genre_id")
);
--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD CONSTRAINT "chapter_pages_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_views" ADD CONSTRAINT "daily_views_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_genres" ADD CONSTRAINT "series_genres_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_genres" ADD CONSTRAINT "series_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("position");--> statement-breakpoint
CREATE INDEX "chapter_pages_chapter_position_idx" ON "chapter_pages" USING btree ("chapter_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_series_slug_key" ON "chapters" USING btree ("series_id","slug");--> statement-breakpoint
CREATE INDEX "chapters_series_number_idx" ON "chapters" USING btree ("series_id","number");--> statement-breakpoint
CREATE INDEX "chapters_series_published_idx" ON "chapters" USING btree ("series_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chapters_published_idx" ON "chapters" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "daily_views_series_day_idx" ON "daily_views" USING btree ("series_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_slug_key" ON "genres" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_lower_key" ON "genres" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "series_slug_key" ON "series" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "series_search_trgm_idx" ON "series" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "series_latest_idx" ON "series" USING btree ("last_chapter_at" DESC NULLS LAST) WHERE "series"."is_published";--> statement-breakpoint
CREATE INDEX "series_popular_idx" ON "series" USING btree ("views" DESC NULLS LAST) WHERE "series"."is_published";--> statement-breakpoint
CREATE INDEX "series_created_idx" ON "series" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "series_title_idx" ON "series" USING btree ("title");--> statement-breakpoint
CREATE INDEX "series_genres_genre_idx" ON "series_genres" USING btree ("genre_id");