CREATE TABLE "payout_months" (
	"month" text PRIMARY KEY NOT NULL,
	"fee_percent" integer NOT NULL,
	"subscription_revenue" jsonb NOT NULL,
	"finished_chapters" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"series_id" uuid NOT NULL,
	"series_title" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "subscription_allocations_amount" CHECK ("subscription_allocations"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_allocations" ADD CONSTRAINT "subscription_allocations_month_payout_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."payout_months"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_allocations" ADD CONSTRAINT "subscription_allocations_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_allocations_payee_month_idx" ON "subscription_allocations" USING btree ("payee_id","month");