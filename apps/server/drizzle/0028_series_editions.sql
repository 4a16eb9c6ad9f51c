CREATE TABLE "chapter_editions" (
	"chapter_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_editions_chapter_id_language_pk" PRIMARY KEY("chapter_id","language")
);
--> statement-breakpoint
CREATE TABLE "series_editions" (
	"series_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("series_editions"."title")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_editions_series_id_language_pk" PRIMARY KEY("series_id","language")
);
--> statement-breakpoint
DROP INDEX "chapter_pages_chapter_position_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "content_languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "original_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "chapter_editions" ADD CONSTRAINT "chapter_editions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_editions" ADD CONSTRAINT "series_editions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_editions_search_trgm_idx" ON "series_editions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chapter_pages_chapter_language_position_idx" ON "chapter_pages" USING btree ("chapter_id","language","position");