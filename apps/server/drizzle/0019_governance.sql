CREATE TABLE "refunds_due" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"payer" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"entry_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	"returned_by" text,
	"return_entry_id" text,
	"note" text,
	CONSTRAINT "refunds_due_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "provider_losses" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"user_id" text NOT NULL,
	"refunded_kobo" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"detected_by" text NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution_entry_id" text,
	"note" text,
	"raw" jsonb,
	CONSTRAINT "provider_losses_purchase_id_unique" UNIQUE("purchase_id")
);
--> statement-breakpoint
CREATE TABLE "provider_reconciliations" (
	"id" text PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ran_by" text,
	"status" text NOT NULL,
	"totals" jsonb NOT NULL,
	"differences" jsonb NOT NULL,
	CONSTRAINT "provider_reconciliations_day_unique" UNIQUE("day")
);
--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_four_eyes";--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD COLUMN "approval_id" text;--> statement-breakpoint
ALTER TABLE "dedicated_accounts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds_due" ADD CONSTRAINT "refunds_due_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_due_status_idx" ON "refunds_due" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "provider_losses_status_idx" ON "provider_losses" USING btree ("status","detected_at");--> statement-breakpoint
CREATE INDEX "wallet_adjustments_actor_idx" ON "wallet_adjustments" USING btree ("actor_id","created_at");--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_four_eyes" CHECK ("approval_requests"."status" in ('cancelled', 'closed') or "approval_requests"."decided_by" is null or "approval_requests"."decided_by" <> "approval_requests"."requested_by");--> statement-breakpoint
-- Provider-side losses written off are an expense (may go negative, like the others); money owed back to the
-- payers of closed accounts is a liability that never goes below zero.
INSERT INTO ledger_accounts (id, code, allow_negative) VALUES
  ('expense:provider-losses', 'expense:provider-losses', true),
  ('payable:refunds-due', 'payable:refunds-due', false)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
UPDATE wallet_adjustments SET actor_id = e.actor_id,
  approval_id = CASE WHEN e.reference LIKE 'adjustment:apr\_%' THEN substr(e.reference, 12) END
FROM ledger_entries e WHERE e.id = wallet_adjustments.entry_id;
