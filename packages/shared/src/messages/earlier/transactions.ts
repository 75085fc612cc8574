/** The transactions list. */
export const transactionsMessages = {
  signedOut: 'Please log in to view your transactions.',
  empty: 'No transactions found.',
} as const;
