CREATE TABLE "device_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_sha256" text NOT NULL,
	"key_md5" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_address" text
);
--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_keys_key_sha256_key" ON "device_keys" USING btree ("key_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "device_keys_key_md5_key" ON "device_keys" USING btree ("key_md5");--> statement-breakpoint
CREATE INDEX "device_keys_user_id_idx" ON "device_keys" USING btree ("user_id","created_at");