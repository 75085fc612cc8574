export {
  buildLines,
  LEDGER_SHARDS,
  LedgerInvariantError,
  MissingWalletError,
  shardFor,
  shardedAccounts,
  systemAccounts,
  UnbalancedEntryError,
  type AccountRef,
  type EntryKind,
  type PostedEntry,
  type PostInput,
  type Posting,
  type SystemAccount,
} from './ledger.lines.ts';
export { createLedger, type Ledger, type LedgerOptions, type PostedWithRecord } from './ledger.service.ts';
export { BALANCE_CHANNEL, type EntryRecord } from './ledger.statement.ts';
export type { LedgerDaySum, LedgerEntryFacts } from './ledger.queries.ts';
