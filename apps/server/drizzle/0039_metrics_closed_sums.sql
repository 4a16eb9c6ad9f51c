CREATE TABLE "metrics_closed_ranges" (
	"list" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"ranked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metrics_closed_ranges_list_from_day_to_day_pk" PRIMARY KEY("list","from_day","to_day")
);
--> statement-breakpoint
CREATE TABLE "metrics_closed_sums" (
	"list" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"key_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"n" bigint NOT NULL,
	"coins" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "metrics_closed_sums_list_from_day_to_day_key_id_pk" PRIMARY KEY("list","from_day","to_day","key_id")
);
--> statement-breakpoint
ALTER TABLE "metrics_closed_sums" ADD CONSTRAINT "metrics_closed_sums_range_fk" FOREIGN KEY ("list","from_day","to_day") REFERENCES "public"."metrics_closed_ranges"("list","from_day","to_day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metrics_closed_sums_position_idx" ON "metrics_closed_sums" USING btree ("list","from_day","to_day","position");