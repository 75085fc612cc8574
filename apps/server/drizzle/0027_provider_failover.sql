CREATE TABLE "purchase_failovers" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_request_id" text NOT NULL,
	"code" text,
	"message" text NOT NULL,
	"moved_to" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_failovers_provider_request_id_unique" UNIQUE("provider_request_id")
);
--> statement-breakpoint
CREATE TABLE "service_routes" (
	"service_id" text NOT NULL,
	"provider" text NOT NULL,
	"role" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_routes_service_id_provider_pk" PRIMARY KEY("service_id","provider")
);
--> statement-breakpoint
ALTER TABLE "purchase_events" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "provider" text DEFAULT 'vtpass' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_failovers" ADD CONSTRAINT "purchase_failovers_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_failovers_purchase_idx" ON "purchase_failovers" USING btree ("purchase_id");--> statement-breakpoint
-- The second aggregator's account: what purchases sent there paid it, in 16 rows like provider:vtpass.
INSERT INTO ledger_accounts (id, code, allow_negative)
SELECT 'provider:flutterwave' || suffix, 'provider:flutterwave' || suffix, true
FROM (SELECT '' AS suffix UNION ALL SELECT '#' || shard FROM generate_series(1, 15) AS shard) AS shards
ON CONFLICT (code) DO NOTHING;
