ALTER TABLE "payout_statements" ALTER COLUMN "earned_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_statements" ALTER COLUMN "fee_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_statements" ALTER COLUMN "adjustments_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_statements" ALTER COLUMN "carried_in_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_statements" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_statements" ALTER COLUMN "carried_out_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tier_allocations" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;