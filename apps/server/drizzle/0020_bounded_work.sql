CREATE TABLE "user_devices" (
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_status";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_fingerprint" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_devices_device_idx" ON "user_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_fingerprint");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_status" CHECK ("referrals"."status" in ('pending', 'success', 'declined'));