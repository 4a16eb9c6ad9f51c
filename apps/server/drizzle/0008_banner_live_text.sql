ALTER TABLE "banners" ADD COLUMN "subtitle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "show_text" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Banners made before live text drew their lettering into the image: keep them as they were.
UPDATE "banners" SET "show_text" = false;
