CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_currency_code" CHECK ("payout_accounts"."currency" ~ '^[a-z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "payout_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payee_id" uuid NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"earned_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"adjustments_cents" integer DEFAULT 0 NOT NULL,
	"carried_in_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"carried_out_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"provider_transfer_id" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_statements_sums" CHECK ("payout_statements"."amount_cents" >= 0 and "payout_statements"."amount_cents" + "payout_statements"."carried_out_cents" = "payout_statements"."earned_cents" - "payout_statements"."fee_cents" + "payout_statements"."adjustments_cents" + "payout_statements"."carried_in_cents")
);
--> statement-breakpoint
CREATE TABLE "series_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"early_access_days" integer DEFAULT 0 NOT NULL,
	"coins_per_period" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_tiers_amounts" CHECK ("series_tiers"."price_cents" > 0 and "series_tiers"."coins_per_period" >= 0 and "series_tiers"."early_access_days" between 0 and 90),
	CONSTRAINT "series_tiers_interval_known" CHECK ("series_tiers"."interval" in ('month', 'year')),
	CONSTRAINT "series_tiers_currency_code" CHECK ("series_tiers"."currency" ~ '^[a-z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "tier_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"series_title" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text DEFAULT 'payment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_allocations_sign" CHECK (("tier_allocations"."kind" = 'payment') = ("tier_allocations"."amount_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_amounts";--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_item";--> statement-breakpoint
DROP INDEX "subscriptions_user_active_key";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "tier_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tier_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_tiers" ADD CONSTRAINT "series_tiers_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_allocations" ADD CONSTRAINT "tier_allocations_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_key" ON "payout_accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_statements_payee_month_key" ON "payout_statements" USING btree ("payee_id","month");--> statement-breakpoint
CREATE INDEX "payout_statements_month_status_idx" ON "payout_statements" USING btree ("month","status");--> statement-breakpoint
CREATE INDEX "series_tiers_series_idx" ON "series_tiers" USING btree ("series_id","position");--> statement-breakpoint
CREATE INDEX "tier_allocations_payee_created_idx" ON "tier_allocations" USING btree ("payee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tier_allocations_purchase_payee_kind_key" ON "tier_allocations" USING btree ("purchase_id","payee_id","kind");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_tier_id_series_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."series_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tier_id_series_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."series_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_series_active_key" ON "subscriptions" USING btree ("user_id","series_id") WHERE "subscriptions"."status" = 'active' and "subscriptions"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_series_active_idx" ON "subscriptions" USING btree ("series_id","user_id") WHERE "subscriptions"."status" = 'active' and "subscriptions"."tier_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_active_key" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" = 'active' and "subscriptions"."plan_id" is not null;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_amounts" CHECK ("purchases"."amount_cents" > 0 and "purchases"."coins" >= 0 and "purchases"."coins_reversed" >= 0 and "purchases"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_item" CHECK (("purchases"."kind" = 'coins' and "purchases"."package_id" is not null) or ("purchases"."kind" = 'plan' and "purchases"."plan_id" is not null) or ("purchases"."kind" = 'tier' and "purchases"."tier_id" is not null));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_item" CHECK (("subscriptions"."plan_id" is not null and "subscriptions"."tier_id" is null and "subscriptions"."series_id" is null) or ("subscriptions"."plan_id" is null and "subscriptions"."tier_id" is not null and "subscriptions"."series_id" is not null));