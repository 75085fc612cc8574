export { createLedger, type Ledger } from './ledger.service.ts';
