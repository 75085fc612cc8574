CREATE TABLE "discount_rules" (
	"service_id" text PRIMARY KEY NOT NULL,
	"bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_rules_bps_range" CHECK ("discount_rules"."bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "customer_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"service_id" text NOT NULL,
	"billers_code" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"details" jsonb NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "subscription_type" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "units" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "receipt_lines" jsonb;--> statement-breakpoint
ALTER TABLE "customer_verifications" ADD CONSTRAINT "customer_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_verifications_lookup_idx" ON "customer_verifications" USING btree ("user_id","service_id","billers_code","type","verified_at");--> statement-breakpoint
-- the earlier product's 1% on cable TV, Showmax and electricity
INSERT INTO "discount_rules" ("service_id", "bps") VALUES
  ('dstv', 100), ('gotv', 100), ('startimes', 100), ('showmax', 100),
  ('abuja-electric', 100), ('benin-electric', 100), ('enugu-electric', 100), ('eko-electric', 100),
  ('ibadan-electric', 100), ('ikeja-electric', 100), ('jos-electric', 100), ('kaduna-electric', 100),
  ('kano-electric', 100), ('portharcourt-electric', 100), ('aba-electric', 100), ('yola-electric', 100);
