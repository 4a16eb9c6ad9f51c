-- Issue 38 §3: the store sells in any currency Stripe takes, so a rolled-up day keeps its money as
-- {currency: amount} (currencies with none left out) instead of one column per usd, eur and gbp.
ALTER TABLE "metrics_days" ADD COLUMN "paid" jsonb;--> statement-breakpoint
ALTER TABLE "metrics_days" ADD COLUMN "refunded" jsonb;--> statement-breakpoint
ALTER TABLE "metrics_days" ADD COLUMN "mrr" jsonb;--> statement-breakpoint
ALTER TABLE "metrics_days" ADD COLUMN "coin_purchase_paid" jsonb;--> statement-breakpoint
UPDATE "metrics_days" SET
  "paid" = jsonb_strip_nulls(jsonb_build_object('usd', nullif("paid_usd", 0), 'eur', nullif("paid_eur", 0), 'gbp', nullif("paid_gbp", 0))),
  "refunded" = jsonb_strip_nulls(jsonb_build_object('usd', nullif("refunded_usd", 0), 'eur', nullif("refunded_eur", 0), 'gbp', nullif("refunded_gbp", 0))),
  "mrr" = jsonb_strip_nulls(jsonb_build_object('usd', nullif("mrr_usd", 0), 'eur', nullif("mrr_eur", 0), 'gbp', nullif("mrr_gbp", 0))),
  "coin_purchase_paid" = jsonb_strip_nulls(jsonb_build_object('usd', nullif("coin_purchase_usd", 0), 'eur', nullif("coin_purchase_eur", 0), 'gbp', nullif("coin_purchase_gbp", 0)));--> statement-breakpoint
ALTER TABLE "metrics_days" ALTER COLUMN "paid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "metrics_days" ALTER COLUMN "refunded" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "metrics_days" ALTER COLUMN "mrr" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "metrics_days" ALTER COLUMN "coin_purchase_paid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "paid_usd";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "paid_eur";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "paid_gbp";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "refunded_usd";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "refunded_eur";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "refunded_gbp";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "mrr_usd";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "mrr_eur";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "mrr_gbp";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "coin_purchase_usd";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "coin_purchase_eur";--> statement-breakpoint
ALTER TABLE "metrics_days" DROP COLUMN "coin_purchase_gbp";
