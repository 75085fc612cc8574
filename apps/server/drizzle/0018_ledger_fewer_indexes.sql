-- Every purchase writes two entries and five lines: fewer indexes on them is less work per purchase. Nothing
-- reads entries by date, and a line key that starts with its entry finds an entry's lines as the dropped index did.
DROP INDEX "ledger_entries_created_at_idx";--> statement-breakpoint
DROP INDEX "ledger_lines_entry_idx";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_pkey";--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_id_pk" PRIMARY KEY("entry_id","id");
