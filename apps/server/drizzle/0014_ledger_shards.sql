-- The system accounts every purchase writes are split into 16 rows each (the unsuffixed row is shard 0), so
-- purchases of different customers rarely wait on one another's row locks. A purchase's hold, settle and
-- refund all use the same shard (chosen from the purchase), so a shard of held:purchases never goes below zero.
INSERT INTO ledger_accounts (id, code, allow_negative)
SELECT base.code || '#' || shard, base.code || '#' || shard, base.allow_negative
FROM ledger_accounts base, generate_series(1, 15) AS shard
WHERE base.code IN ('held:purchases', 'provider:vtpass', 'income:margin', 'expense:discounts')
ON CONFLICT (code) DO NOTHING;
