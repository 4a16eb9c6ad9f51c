CREATE TABLE "metrics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" bigint NOT NULL,
	"followers" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"unlocks" bigint NOT NULL,
	"unlock_coins" bigint NOT NULL,
	"paid_usd" bigint NOT NULL,
	"paid_eur" bigint NOT NULL,
	"paid_gbp" bigint NOT NULL,
	"refunded_usd" bigint NOT NULL,
	"refunded_eur" bigint NOT NULL,
	"refunded_gbp" bigint NOT NULL,
	"coins_sold" bigint NOT NULL,
	"coins_spent" bigint NOT NULL,
	"signups" bigint NOT NULL,
	"active" bigint NOT NULL,
	"mrr_usd" bigint NOT NULL,
	"mrr_eur" bigint NOT NULL,
	"mrr_gbp" bigint NOT NULL,
	"coin_purchase_coins" bigint NOT NULL,
	"coin_purchase_usd" bigint NOT NULL,
	"coin_purchase_eur" bigint NOT NULL,
	"coin_purchase_gbp" bigint NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "purchases_refunded_idx" ON "purchases" USING btree ("refunded_at","paid_at","kind","currency","amount_cents","coins") WHERE "purchases"."status" = 'refunded';