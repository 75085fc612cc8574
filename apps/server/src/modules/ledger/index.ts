export {
  BALANCE_CHANNEL,
  buildLines,
  createLedger,
  systemAccounts,
  UnbalancedEntryError,
  type AccountRef,
  type EntryKind,
  type Ledger,
  type PostedEntry,
  type PostInput,
  type Posting,
  type SystemAccount,
} from './ledger.service.ts';
