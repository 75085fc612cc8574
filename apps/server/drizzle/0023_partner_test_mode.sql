ALTER TABLE "users" ADD COLUMN "test_of" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_test_of_users_id_fk" FOREIGN KEY ("test_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_test_of_unique" UNIQUE("test_of");--> statement-breakpoint
-- Partners' test money, apart from the books: handed out from test:funds, held and "paid" to the simulators.
INSERT INTO ledger_accounts (id, code, allow_negative) VALUES
  ('test:funds', 'test:funds', true),
  ('test:held', 'test:held', false),
  ('test:provider', 'test:provider', true)
ON CONFLICT (code) DO NOTHING;
