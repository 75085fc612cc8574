DROP TABLE "discount_rules" CASCADE;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD COLUMN "commission_bps" integer;