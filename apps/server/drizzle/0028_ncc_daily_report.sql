ALTER TABLE "notification_preferences" ADD COLUMN "sms_outcomes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "purchases_finalized_idx" ON "purchases" USING btree ("finalized_at");