CREATE TABLE "pass_alerts" (
	"user_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"notify_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "pass_alerts_user_id_series_id_pk" PRIMARY KEY("user_id","series_id")
);
--> statement-breakpoint
ALTER TABLE "pass_alerts" ADD CONSTRAINT "pass_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_alerts" ADD CONSTRAINT "pass_alerts_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pass_alerts_due_idx" ON "pass_alerts" USING btree ("notify_at") WHERE "pass_alerts"."notified_at" is null;