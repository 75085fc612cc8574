export {
  buildLines,
  LedgerInvariantError,
  systemAccounts,
  UnbalancedEntryError,
  type AccountRef,
  type EntryKind,
  type PostedEntry,
  type PostInput,
  type Posting,
  type SystemAccount,
} from './ledger.lines.ts';
export { BALANCE_CHANNEL, createLedger, type Ledger, type StatementEntry } from './ledger.service.ts';
