CREATE TABLE "api_key_daily_spend" (
	"key_id" text NOT NULL,
	"day" date NOT NULL,
	"spent_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_daily_spend_key_id_day_pk" PRIMARY KEY("key_id","day")
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "api_key_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "key_spend_day" date;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "daily_limit_kobo" bigint;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allowed_services" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_key_daily_spend" ADD CONSTRAINT "api_key_daily_spend_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;