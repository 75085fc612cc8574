export { registerWalletRoutes } from './wallet.routes.ts';
export { createBalanceAnnouncer, startBalanceFeed, type BalanceFeed } from './wallet.events.ts';
export {
  createStatement,
  getWalletBreakdown,
  toLedgerLine,
  type Statement,
  type StatementSources,
} from './wallet.service.ts';
export type { StatementPurchase } from './statement-words.ts';
export { createPeriodStatement, type PeriodStatement } from './statement-period.ts';
