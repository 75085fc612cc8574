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
export { createLedger, type Ledger, type LedgerOptions } from './ledger.service.ts';
export { BALANCE_CHANNEL } from './ledger.statement.ts';
export type { LedgerDaySum, LedgerEntryFacts } from './ledger.queries.ts';
export type { WalletPeriod, WalletPeriodLine } from './ledger.period.ts';
