CREATE TABLE "reader_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"comic" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"novel" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_places" (
	"user_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text NOT NULL,
	"app" text NOT NULL,
	"page" integer,
	"position" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_places_user_id_chapter_id_device_id_pk" PRIMARY KEY("user_id","chapter_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "reading_year_shares" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_year_shares_user_id_year_pk" PRIMARY KEY("user_id","year"),
	CONSTRAINT "reading_year_shares_token_unique" UNIQUE("token"),
	CONSTRAINT "reading_year_shares_year" CHECK ("reading_year_shares"."year" between 2000 and 2200)
);
--> statement-breakpoint
CREATE TABLE "series_also_read" (
	"series_id" uuid NOT NULL,
	"other_series_id" uuid NOT NULL,
	"readers" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_also_read_series_id_other_series_id_pk" PRIMARY KEY("series_id","other_series_id"),
	CONSTRAINT "series_also_read_pair" CHECK ("series_also_read"."series_id" <> "series_also_read"."other_series_id"),
	CONSTRAINT "series_also_read_threshold" CHECK ("series_also_read"."readers" >= 5)
);
--> statement-breakpoint
CREATE TABLE "series_chapter_maps" (
	"chapter_id" uuid NOT NULL,
	"related_series_id" uuid NOT NULL,
	"related_chapter_id" uuid NOT NULL,
	CONSTRAINT "series_chapter_maps_chapter_id_related_series_id_pk" PRIMARY KEY("chapter_id","related_series_id")
);
--> statement-breakpoint
CREATE TABLE "series_reader_settings" (
	"user_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"mode" text,
	"direction" text,
	"fit" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_reader_settings_user_id_series_id_pk" PRIMARY KEY("user_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "series_relations" (
	"series_id" uuid NOT NULL,
	"related_series_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_relations_series_id_related_series_id_pk" PRIMARY KEY("series_id","related_series_id"),
	CONSTRAINT "series_relations_pair" CHECK ("series_relations"."series_id" <> "series_relations"."related_series_id")
);
--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "reading_mode" text;--> statement-breakpoint
-- Rows from before stay null (when they were first opened is not known); new rows get their time.
ALTER TABLE "reading_progress" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reading_progress" ALTER COLUMN "opened_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "reader_settings" ADD CONSTRAINT "reader_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_places" ADD CONSTRAINT "reading_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_places" ADD CONSTRAINT "reading_places_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_year_shares" ADD CONSTRAINT "reading_year_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_also_read" ADD CONSTRAINT "series_also_read_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_also_read" ADD CONSTRAINT "series_also_read_other_series_id_series_id_fk" FOREIGN KEY ("other_series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_chapter_maps" ADD CONSTRAINT "series_chapter_maps_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_chapter_maps" ADD CONSTRAINT "series_chapter_maps_related_series_id_series_id_fk" FOREIGN KEY ("related_series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_chapter_maps" ADD CONSTRAINT "series_chapter_maps_related_chapter_id_chapters_id_fk" FOREIGN KEY ("related_chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_reader_settings" ADD CONSTRAINT "series_reader_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_reader_settings" ADD CONSTRAINT "series_reader_settings_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_relations" ADD CONSTRAINT "series_relations_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_relations" ADD CONSTRAINT "series_relations_related_series_id_series_id_fk" FOREIGN KEY ("related_series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_also_read_rank_idx" ON "series_also_read" USING btree ("series_id","readers" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "series_chapter_maps_related_idx" ON "series_chapter_maps" USING btree ("related_chapter_id");