CREATE TABLE "revenue_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"series_title" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"source" text NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_allocations_coins" CHECK ("revenue_allocations"."coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "series_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"ledger_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_gifts_amount_positive" CHECK ("series_gifts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "series_payees" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"share_bps" integer NOT NULL,
	CONSTRAINT "series_payees_series_id_user_id_pk" PRIMARY KEY("series_id","user_id"),
	CONSTRAINT "series_payees_share" CHECK ("series_payees"."share_bps" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_as_supporter" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_allocations" ADD CONSTRAINT "revenue_allocations_ledger_id_coin_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."coin_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_allocations" ADD CONSTRAINT "revenue_allocations_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_gifts" ADD CONSTRAINT "series_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_gifts" ADD CONSTRAINT "series_gifts_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_gifts" ADD CONSTRAINT "series_gifts_ledger_id_coin_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."coin_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_payees" ADD CONSTRAINT "series_payees_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_payees" ADD CONSTRAINT "series_payees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_allocations_payee_created_idx" ON "revenue_allocations" USING btree ("payee_id","created_at");--> statement-breakpoint
CREATE INDEX "revenue_allocations_ledger_idx" ON "revenue_allocations" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "series_gifts_series_created_idx" ON "series_gifts" USING btree ("series_id","created_at");--> statement-breakpoint
CREATE INDEX "series_payees_user_idx" ON "series_payees" USING btree ("user_id");