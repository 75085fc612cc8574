-- Ledger entries and lines are append-only: corrections are new reversing entries.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The world outside the wallets. Clearing, equity and expense accounts may go negative; the rest may not.
INSERT INTO ledger_accounts (id, code, allow_negative) VALUES
  ('clearing:paystack', 'clearing:paystack', true),
  ('clearing:transfer', 'clearing:transfer', true),
  ('clearing:manual', 'clearing:manual', true),
  ('income:fees', 'income:fees', false),
  ('income:margin', 'income:margin', false),
  ('equity:adjustments', 'equity:adjustments', true),
  ('expense:referrals', 'expense:referrals', true),
  ('expense:discounts', 'expense:discounts', true),
  ('held:purchases', 'held:purchases', false),
  ('provider:vtpass', 'provider:vtpass', true)
ON CONFLICT (code) DO NOTHING;
