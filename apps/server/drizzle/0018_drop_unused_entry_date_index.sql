-- No query reads ledger entries by date: the index only cost every posting one more write.
DROP INDEX "ledger_entries_created_at_idx";
