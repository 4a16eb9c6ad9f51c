ALTER TABLE "pending_registrations" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "push_held" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "push_held" ADD COLUMN "summary" text;