export { registerWalletRoutes } from './wallet.routes.ts';
