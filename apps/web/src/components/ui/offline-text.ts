export const offlineText = 'You are offline: balances, prices and purchases need a connection.';
