export { registerWalletRoutes } from './wallet.routes.ts';
export { createBalanceAnnouncer, startBalanceFeed, type BalanceFeed } from './wallet.events.ts';
export { getWalletBreakdown, toStatementLine } from './wallet.service.ts';
