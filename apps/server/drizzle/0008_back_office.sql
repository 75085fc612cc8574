CREATE TABLE "price_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"variation_code" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"mode" text NOT NULL,
	"bps" integer,
	"fixed_price_kobo" bigint,
	"allow_loss" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_rules_shape" CHECK (("price_rules"."mode" = 'bps' and "price_rules"."bps" between -10000 and 100000 and "price_rules"."fixed_price_kobo" is null) or ("price_rules"."mode" = 'fixed' and "price_rules"."fixed_price_kobo" > 0 and "price_rules"."bps" is null))
);
--> statement-breakpoint
CREATE TABLE "purchase_events" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"outcome" text,
	"code" text,
	"raw" jsonb,
	"note" text,
	"actor_id" text
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"amount_kobo" bigint,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"result" jsonb,
	CONSTRAINT "approval_requests_four_eyes" CHECK ("approval_requests"."status" = 'cancelled' or "approval_requests"."decided_by" is null or "approval_requests"."decided_by" <> "approval_requests"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "provider_float_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"balance_kobo" bigint,
	"threshold_kobo" bigint NOT NULL,
	"below" boolean NOT NULL,
	"alerted_at" timestamp with time zone,
	"error" text,
	"raw" jsonb
);
--> statement-breakpoint
CREATE TABLE "back_office_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_events" ADD CONSTRAINT "purchase_events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_rules_target_idx" ON "price_rules" USING btree ("service_id","variation_code","channel");--> statement-breakpoint
CREATE INDEX "purchase_events_purchase_idx" ON "purchase_events" USING btree ("purchase_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "approval_requests_target_idx" ON "approval_requests" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "provider_float_checks_at_idx" ON "provider_float_checks" USING btree ("checked_at");--> statement-breakpoint
-- The audit log is append-only, as the ledger is: nobody edits or deletes what an admin did.
CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
-- The spec's discounts become the default selling rules, the same for web customers and partners.
INSERT INTO price_rules (id, service_id, variation_code, channel, mode, bps)
SELECT 'prc_' || service_id || '_' || channel, service_id, '', channel, 'bps', -bps
FROM discount_rules CROSS JOIN (VALUES ('web'), ('api')) AS channels(channel)
ON CONFLICT DO NOTHING;
