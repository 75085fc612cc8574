export { registerWalletRoutes } from './wallet.routes.ts';
export { startBalanceFeed, type BalanceFeed } from './wallet.events.ts';
export { getWalletBreakdown } from './wallet.service.ts';
