DROP INDEX "chapter_unlocks_created_idx";--> statement-breakpoint
DROP INDEX "coin_ledger_kind_created_idx";--> statement-breakpoint
CREATE INDEX "chapter_unlocks_created_idx" ON "chapter_unlocks" USING btree ("created_at","coins");--> statement-breakpoint
CREATE INDEX "coin_ledger_kind_created_idx" ON "coin_ledger" USING btree ("kind","created_at","delta");