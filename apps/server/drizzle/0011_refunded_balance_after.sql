-- A failed purchase's balance after is the wallet's balance once its refund was posted (it used to keep the
-- balance right after the debit, which the refund made untrue).
UPDATE "purchases" AS p
SET "balance_after_kobo" = l."balance_after_kobo"
FROM "ledger_entries" AS e
JOIN "ledger_lines" AS l ON l."entry_id" = e."id"
JOIN "ledger_accounts" AS a ON a."id" = l."account_id"
WHERE p."status" = 'failed'
  AND e."reference" = 'purchase:' || p."id" || ':refund'
  AND a."code" = 'wallet:' || p."user_id";
