CREATE TABLE "chapter_files" (
	"chapter_id" uuid NOT NULL,
	"format" text NOT NULL,
	"version" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"partial_md5" text NOT NULL,
	"units" integer NOT NULL,
	"paragraph_paths" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_files_chapter_id_format_version_pk" PRIMARY KEY("chapter_id","format","version")
);
--> statement-breakpoint
CREATE TABLE "koreader_positions" (
	"user_id" uuid NOT NULL,
	"document" text NOT NULL,
	"progress" text NOT NULL,
	"percentage" double precision NOT NULL,
	"device" text NOT NULL,
	"device_id" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "koreader_positions_user_id_document_pk" PRIMARY KEY("user_id","document")
);
--> statement-breakpoint
ALTER TABLE "chapter_files" ADD CONSTRAINT "chapter_files_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "koreader_positions" ADD CONSTRAINT "koreader_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_files_partial_md5_idx" ON "chapter_files" USING btree ("partial_md5");